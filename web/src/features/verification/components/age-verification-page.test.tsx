import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { bodyOf, player, renderPage, stubFetch, urlOf } from '@/test/utils'
import { AgeVerificationPage } from './age-verification-page'

const unverified = { ...player, isAgeVerified: false, isEligibleToBet: false, complianceStatus: 'pending' }

function yearsAgo(years: number, extraDays = 0) {
  const d = new Date()
  d.setFullYear(d.getFullYear() - years)
  d.setDate(d.getDate() + extraDays)
  return d.toISOString().slice(0, 10)
}

async function fill(user: ReturnType<typeof userEvent.setup>, dob: string, state: string) {
  fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: dob } })
  if (state) await user.selectOptions(screen.getByLabelText('State of Residence'), state)
}

describe('Age verification', () => {
  it('sends a signed-out visitor to /auth', async () => {
    stubFetch({})
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: null })
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'))
    expect(await screen.findByText('Please sign in or create an account first to verify your age.')).toBeInTheDocument()
  })

  it('shows a verified player the locked details and where to write to change them, not a form', async () => {
    const fetch = stubFetch({
      'GET /api/config': { body: { devMode: false, paymentsProvider: 'sandbox', stripePublishableKey: null, supportEmail: 'help@squares.example.com' } },
    })
    const verified = { ...player, dateOfBirth: '1990-04-01', residenceState: 'NY' }
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: verified })
    expect(screen.getByRole('heading', { name: "You're already verified" })).toBeInTheDocument()
    expect(screen.getByText('April 1, 1990')).toBeInTheDocument()
    expect(screen.getByText('New York')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'help@squares.example.com' })).toHaveAttribute('href', 'mailto:help@squares.example.com')
    expect(screen.getByTestId('verified-details')).toHaveTextContent('To change them, write to help@squares.example.com.')
    expect(screen.queryByRole('form', { name: 'Age verification' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Verify Age/ })).not.toBeInTheDocument()
    expect(fetch.mock.calls.some(([u]) => urlOf(u).includes('/api/verify-age'))).toBe(false)
  })

  it('offers 50 states plus DC and only the United States', () => {
    stubFetch({})
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    const states = screen.getByLabelText<HTMLSelectElement>('State of Residence')
    expect([...states.options].filter((o) => o.value)).toHaveLength(51)
    const country = screen.getByLabelText<HTMLSelectElement>('Country')
    expect([...country.options].map((o) => o.textContent)).toEqual(['United States'])
  })

  it('shows each validation message', async () => {
    const fetch = stubFetch({})
    const user = userEvent.setup()
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    expect(await screen.findByText('Date of birth is required')).toBeInTheDocument()
    expect(screen.getByText('Please select your state of residence')).toBeInTheDocument()
    await fill(user, yearsAgo(17), 'NY')
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    expect(
      await screen.findByText('Age Requirement Not Met: You must be at least 18 years old to use this platform.'),
    ).toBeInTheDocument()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('posts date of birth, state and country; a verified player goes to / after 1.5 s', async () => {
    const verified = { ...player }
    const fetch = stubFetch({
      'POST /api/verify-age': { body: { success: true, user: verified, message: 'Age verification complete' } },
    })
    const user = userEvent.setup()
    const { queryClient } = renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    await fill(user, '1990-04-01', 'NY')
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    expect(await screen.findAllByText('Age Verification Complete')).not.toHaveLength(0)
    expect(bodyOf(fetch, 'POST', '/api/verify-age')).toEqual({
      dateOfBirth: '1990-04-01',
      residenceState: 'NY',
      residenceCountry: 'US',
    })
    expect(queryClient.getQueryData(['/api/auth/user'])).toEqual(verified)
    expect(screen.getByTestId('location')).toHaveTextContent('/age-verification')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/))
  })

  it('tells a player in a restricted state', async () => {
    stubFetch({
      'POST /api/verify-age': {
        body: {
          success: true,
          user: { ...player, isEligibleToBet: false, complianceStatus: 'restricted' },
          message: 'You meet age requirements but sports betting is not available in your state.',
        },
      },
    })
    const user = userEvent.setup()
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    await fill(user, '1990-04-01', 'WA')
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    expect(await screen.findAllByText('Age Verified - Location Restricted')).not.toHaveLength(0)
    expect(await screen.findByText('You meet age requirements but sports betting is not available in your state.')).toBeInTheDocument()
  })

  it('never reports success when the server leaves the account unverified', async () => {
    stubFetch({
      'POST /api/verify-age': { body: { success: true, user: unverified, message: 'Not verified' } },
    })
    const user = userEvent.setup()
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    await fill(user, '1990-04-01', 'NY')
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    expect(await screen.findByText('Not verified')).toBeInTheDocument()
    expect(screen.getAllByText('Verification Failed').length).toBeGreaterThan(0)
    expect(screen.queryByText('Age Verification Complete')).not.toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/age-verification')
  })

  it("shows the server's message when verification fails", async () => {
    stubFetch({
      'POST /api/verify-age': {
        status: 422,
        body: { message: 'Age Requirement Not Met: You must be at least 18 years old to use this platform.', code: 'unprocessable' },
      },
    })
    const user = userEvent.setup()
    renderPage(<AgeVerificationPage />, { path: '/age-verification', user: unverified })
    await fill(user, '1990-04-01', 'NY')
    await user.click(screen.getByRole('button', { name: /Verify Age/ }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Age Requirement Not Met: You must be at least 18 years old to use this platform.')
    expect(await screen.findByText('Age verification requirements not met. You must be 18+ to use this platform.')).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/age-verification')
  })
})
