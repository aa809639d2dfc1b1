import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '@/lib/types'
import { bodyOf, renderPage, stubFetch } from '@/test/utils'
import { AdminSecurityPage } from './admin-security-page'

const admin: User = {
  id: '1', email: '', username: 'boss', firstName: 'Admin', lastName: '', profileImageUrl: null, role: 'admin',
  isAgeVerified: true, isEligibleToBet: false, complianceStatus: 'restricted', dateOfBirth: null, residenceState: null, residenceCountry: null,
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
}
const off = { enabled: false, pending: false, recoveryCodesLeft: 0, required: false }
const on = { enabled: true, pending: false, recoveryCodesLeft: 8, required: false }
const recoveryCodes = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'iiiii-jjjjj', 'kkkkk-lllll', 'mmmmm-nnnnn', 'ooooo-ppppp']
const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Squares:boss?algorithm=SHA1&digits=6&issuer=Squares&period=30&secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
}

describe('AdminSecurityPage', () => {
  it('sets up two-factor sign-in: QR code and key, confirmation with a code, recovery codes shown once', async () => {
    let enabled = false
    const fetch = stubFetch({
      'GET /api/admin/2fa': () => ({ body: enabled ? on : off }),
      'POST /api/admin/2fa/setup': { body: setup },
      'POST /api/admin/2fa/enable': (body) => {
        if ((body as { code: string }).code !== '123456') {
          return { status: 400, body: { message: 'Invalid authentication code', code: 'invalid', fields: { code: 'Invalid authentication code' } } }
        }
        enabled = true
        return { body: { enabled: true, recoveryCodes } }
      },
    })
    const user = userEvent.setup()
    renderPage(<AdminSecurityPage />, { user: admin })
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }))

    expect(await screen.findByRole('img', { name: 'QR code of your two-factor secret' })).toHaveAttribute('src', setup.qrCode)
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP')
    expect(screen.getByText(setup.otpauthUrl)).toBeInTheDocument()
    const field = screen.getByLabelText('Code from your app')
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    expect(field).toHaveAttribute('inputmode', 'numeric')

    await user.type(field, '000000')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    expect(await screen.findByText('Invalid authentication code')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '123456')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))

    const codes = await screen.findByTestId('recovery-codes')
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(recoveryCodes)
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }))
    expect(await screen.findByText(/Two-factor sign-in is on\. 8 of 8 recovery codes left\./)).toBeInTheDocument()
    expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/admin/2fa/enable')).toEqual({ code: '000000' })
  })

  it('turns it off with a code', async () => {
    let enabled = true
    const fetch = stubFetch({
      'GET /api/admin/2fa': () => ({ body: enabled ? { ...on, recoveryCodesLeft: 5 } : off }),
      'POST /api/admin/2fa/disable': () => {
        enabled = false
        return { body: { enabled: false } }
      },
    })
    const user = userEvent.setup()
    renderPage(<AdminSecurityPage />, { user: admin })
    expect(await screen.findByText(/5 of 8 recovery codes left/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }))
    expect(await screen.findByText('Enter a code from your app or a recovery code.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Code from your app or a recovery code'), '654321')
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }))
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument()
    expect(bodyOf(fetch, 'POST', '/api/admin/2fa/disable')).toEqual({ code: '654321' })
  })

  it('says when the server requires it, and offers a retry when the status cannot be read', async () => {
    let fail = true
    stubFetch({ 'GET /api/admin/2fa': () => (fail ? { status: 500, body: { message: 'Internal error.', code: 'internal' } } : { body: { ...off, required: true } }) })
    const user = userEvent.setup()
    renderPage(<AdminSecurityPage />, { user: admin })
    const retry = await screen.findByRole('button', { name: 'Try again' })
    fail = false
    await user.click(retry)
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This server requires two-factor sign-in for every admin.'))
  })
})
