/// <reference lib="dom" />
import { expect as baseExpect, test } from '@playwright/test'

// Moving between screens scrolls as moving between documents would (src/app/root-layout.tsx,
// useScrollOnNavigate): a new screen starts at the top, Back and Forward return to where each was left.

const expect = baseExpect.configure({ timeout: 30_000 })

test('a new screen starts at the top; Back and Forward return to where each screen was left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 })
  const scrollY = () => page.evaluate(() => window.scrollY)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'How to Play' })
  const howToPlay = page.getByRole('heading', { level: 1, name: /How to Play/i })

  // The first visit of How to Play loads its code; the second, from the landing page's foot, draws it at once
  // in place of the landing page: it still starts at its top.
  for (const visit of ['first', 'second']) {
    await footerLink.scrollIntoViewIfNeeded()
    expect(await scrollY(), visit).toBeGreaterThan(300)
    await footerLink.click()
    await expect(page).toHaveURL(/\/how-to-play$/)
    await expect(howToPlay).toBeVisible()
    expect(await scrollY(), visit).toBe(0)
    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(scrollY).toBe(400)

    // Back on the landing page, whose sections above may draw again taller: the footer it was left at is in view.
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(footerLink).toBeInViewport()
  }

  await page.goForward()
  await expect(page).toHaveURL(/\/how-to-play$/)
  await expect.poll(scrollY).toBe(400)

  // A link to the screen on view, from its foot: the screen stays drawn, and the new visit starts at the top.
  await footerLink.scrollIntoViewIfNeeded()
  expect(await scrollY()).toBeGreaterThan(400)
  await footerLink.click()
  await expect.poll(scrollY).toBe(0)
  await page.goBack()
  await expect(footerLink).toBeInViewport()
})
