import type { Square } from '@/lib/types'

/** The house's squares are owned by this id (the board's house squares). */
const HOUSE_USER_ID = 'admin'

/**
 * A square as the sheet reads it: a member's square names its owner in `user`; a guest's
 * has no userId and names the guest in `displayName`, which the server may send for any square.
 */
export type SheetSquare = Omit<Square, 'userId'> & { userId: string | null; displayName?: string | null }

/**
 * The name printed in a square: the server's displayName when it sends one, "House" for the house's
 * squares, else the owner's first and last name ("Avery Brooks"): a sheet on the wall names people in full.
 */
export function sheetName(sq: SheetSquare): string {
  const display = sq.displayName?.trim()
  if (display) return display
  if (sq.userId === HOUSE_USER_ID) return 'House'
  const name = [sq.user?.firstName, sq.user?.lastName].map((s) => s?.trim() ?? '').filter(Boolean).join(' ')
  return name || 'Player'
}

/**
 * The font size (pt) a name starts at in its square, by its length: short names large, long ones smaller,
 * so that most fit at once; the sheet shrinks any that still overflow its square (fitNames).
 */
export function nameSize(name: string): number {
  const n = [...name].length
  if (n <= 8) return 12
  if (n <= 14) return 11
  if (n <= 22) return 9
  if (n <= 34) return 7.5
  return 6
}

/** The smallest size (pt) fitNames goes to: still legible on paper. */
export const MIN_NAME_PT = 4

/** Whether a name is taller than its box, or has a word wider than it. */
function overflows(el: HTMLElement, box: HTMLElement): boolean {
  return el.offsetHeight > box.clientHeight || el.scrollWidth > el.clientWidth
}

/** Below this size (pt) a name whole is harder to read than the same name broken inside a long word. */
const READABLE_NAME_PT = 6

/** Sets the name's size from `from` down by half points until it fits its box or reaches MIN_NAME_PT; returns the size. */
function shrink(el: HTMLElement, box: HTMLElement, from: number): number {
  let size = from
  el.style.fontSize = `${size}pt`
  while (size > MIN_NAME_PT && overflows(el, box)) {
    size -= 0.5
    el.style.fontSize = `${size}pt`
  }
  return size
}

/**
 * Shrinks each name in `root` (elements with data-name, each in a box of its own) by half points until it
 * fits its box, from nameSize times its data-name-scale down to MIN_NAME_PT. A name breaks between its
 * words only, so that it reads (and copies from the PDF) whole; a word too long for its square even at the
 * smallest size, or that would need a size below READABLE_NAME_PT, breaks anywhere when that lets it be
 * larger. The sheet has the same size on screen and on paper, so a name that fits on screen fits printed.
 */
export function fitNames(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>('[data-name]')) {
    const box = el.parentElement
    if (!box) continue
    // A small grid's squares are larger: its names start larger (data-name-scale).
    const from = nameSize(el.textContent ?? '') * (Number(el.dataset.nameScale) || 1)
    el.style.overflowWrap = 'normal'
    const whole = shrink(el, box, from)
    if (overflows(el, box) || whole < READABLE_NAME_PT) {
      const wholeFits = !overflows(el, box)
      el.style.overflowWrap = 'anywhere'
      const broken = shrink(el, box, from)
      if (wholeFits && broken <= whole) {
        el.style.overflowWrap = 'normal'
        el.style.fontSize = `${whole}pt`
      }
    }
  }
}
