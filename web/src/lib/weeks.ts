const NAMES: Record<string, string> = {
  HOF: 'Hall of Fame',
  PS1: 'Preseason 1',
  PS2: 'Preseason 2',
  PS3: 'Preseason 3',
  PS4: 'Preseason 4',
  WC: 'Wild Card',
  DIV: 'Divisional',
  CONF: 'Conference Championships',
  SB: 'Super Bowl',
}

/** How a week code is shown, as the server's squares.WeekName: W7 -> "Week 7", WC -> "Wild Card", others as they are. */
export function weekLabel(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase()
  if (NAMES[c]) return NAMES[c]
  const m = /^W0*(\d+)$/.exec(c)
  return m ? `Week ${m[1]}` : (code ?? '')
}
