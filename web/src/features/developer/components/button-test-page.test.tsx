import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { player, renderPage, stubFetch } from '@/test/utils'
import { ButtonTestPage } from './button-test-page'

function open(routes: Parameters<typeof stubFetch>[0] = {}, devMode = true) {
  stubFetch({ 'GET /api/config': { body: { devMode, paymentsProvider: 'sandbox', stripePublishableKey: null } }, ...routes })
  renderPage(<ButtonTestPage />, { path: '/test', user: player, strict: true })
  return userEvent.setup()
}

describe('Test page (/test)', () => {
  it('shows only a notice outside development mode', async () => {
    open({}, false)
    expect(await screen.findByText('Developer pages are available only in development mode')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Click me' })).not.toBeInTheDocument()
  })

  it('counts clicks once each, and resets', async () => {
    const user = open()
    const button = await screen.findByRole('button', { name: 'Click me' })
    expect(screen.getByTestId('click-count')).toHaveTextContent('Not clicked yet')
    await user.click(button)
    expect(screen.getByTestId('click-count')).toHaveTextContent('Clicked 1 time')
    await user.click(button)
    await user.click(button)
    expect(screen.getByTestId('click-count')).toHaveTextContent('Clicked 3 times')
    await user.click(screen.getByRole('button', { name: 'Reset' }))
    expect(screen.getByTestId('click-count')).toHaveTextContent('Not clicked yet')
  })

  it('shows a toast from a style button', async () => {
    const user = open()
    await user.click(await screen.findByRole('button', { name: 'Outline' }))
    expect(await screen.findByText('The outline button works')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Disabled' })).toBeDisabled()
  })

  it('checks the server: its answer, or its error', async () => {
    const user = open({ 'GET /healthz': { body: { status: 'ok' } } })
    await user.click(await screen.findByRole('button', { name: 'Check the server' }))
    expect(await screen.findByText('The server answered: ok')).toBeInTheDocument()
  })

  it('says when the server check fails', async () => {
    const user = open({ 'GET /healthz': { status: 503, body: { status: 'unavailable' } } })
    await user.click(await screen.findByRole('button', { name: 'Check the server' }))
    expect(await screen.findByText('The server check failed')).toBeInTheDocument()
  })
})
