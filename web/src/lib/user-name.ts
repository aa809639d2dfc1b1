import type { User } from './types'

/** The name a user goes by: first and last name, else the username or e-mail. */
export function displayName(u: Pick<User, 'id' | 'firstName' | 'lastName' | 'username' | 'email'>): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.username || u.email || `User ${u.id}`
}
