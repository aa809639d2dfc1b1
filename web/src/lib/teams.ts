// Client-side table of the 32 NFL teams: abbreviation, logo path, colours and city.
// Unknown teams fall back to grey colours and initials.

export interface TeamInfo {
  name: string
  abbreviation: string
  logo: string
  primaryColor: string
  secondaryColor: string
  city: string
}

const RAW: [string, string, string, string, string][] = [
  ['Arizona Cardinals', 'ARI', '#97233F', '#FFB612', 'Glendale'],
  ['Atlanta Falcons', 'ATL', '#A71930', '#000000', 'Atlanta'],
  ['Baltimore Ravens', 'BAL', '#241773', '#9E7C0C', 'Baltimore'],
  ['Buffalo Bills', 'BUF', '#00338D', '#C60C30', 'Orchard Park'],
  ['Carolina Panthers', 'CAR', '#0085CA', '#101820', 'Charlotte'],
  ['Chicago Bears', 'CHI', '#0B162A', '#C83803', 'Chicago'],
  ['Cincinnati Bengals', 'CIN', '#FB4F14', '#000000', 'Cincinnati'],
  ['Cleveland Browns', 'CLE', '#311D00', '#FF3C00', 'Cleveland'],
  ['Dallas Cowboys', 'DAL', '#003594', '#869397', 'Arlington'],
  ['Denver Broncos', 'DEN', '#FB4F14', '#002244', 'Denver'],
  ['Detroit Lions', 'DET', '#0076B6', '#B0B7BC', 'Detroit'],
  ['Green Bay Packers', 'GB', '#203731', '#FFB612', 'Green Bay'],
  ['Houston Texans', 'HOU', '#03202F', '#A71930', 'Houston'],
  ['Indianapolis Colts', 'IND', '#002C5F', '#A2AAAD', 'Indianapolis'],
  ['Jacksonville Jaguars', 'JAX', '#006778', '#D7A22A', 'Jacksonville'],
  ['Kansas City Chiefs', 'KC', '#E31837', '#FFB81C', 'Kansas City'],
  ['Las Vegas Raiders', 'LV', '#000000', '#A5ACAF', 'Las Vegas'],
  ['Los Angeles Chargers', 'LAC', '#0080C6', '#FFC20E', 'Inglewood'],
  ['Los Angeles Rams', 'LAR', '#003594', '#FFA300', 'Inglewood'],
  ['Miami Dolphins', 'MIA', '#008E97', '#FC4C02', 'Miami Gardens'],
  ['Minnesota Vikings', 'MIN', '#4F2683', '#FFC62F', 'Minneapolis'],
  ['New England Patriots', 'NE', '#002244', '#C60C30', 'Foxborough'],
  ['New Orleans Saints', 'NO', '#101820', '#D3BC8D', 'New Orleans'],
  ['New York Giants', 'NYG', '#0B2265', '#A71930', 'East Rutherford'],
  ['New York Jets', 'NYJ', '#125740', '#000000', 'East Rutherford'],
  ['Philadelphia Eagles', 'PHI', '#004C54', '#A5ACAF', 'Philadelphia'],
  ['Pittsburgh Steelers', 'PIT', '#101820', '#FFB612', 'Pittsburgh'],
  ['San Francisco 49ers', 'SF', '#AA0000', '#B3995D', 'Santa Clara'],
  ['Seattle Seahawks', 'SEA', '#002244', '#69BE28', 'Seattle'],
  ['Tampa Bay Buccaneers', 'TB', '#D50A0A', '#34302B', 'Tampa'],
  ['Tennessee Titans', 'TEN', '#0C2340', '#4B92DB', 'Nashville'],
  ['Washington Commanders', 'WAS', '#5A1414', '#FFB612', 'Landover'],
]

export const NFL_TEAMS: Record<string, TeamInfo> = Object.fromEntries(
  RAW.map(([name, abbreviation, primaryColor, secondaryColor, city]) => [
    name,
    { name, abbreviation, logo: `/teams/${abbreviation.toLowerCase()}.svg`, primaryColor, secondaryColor, city },
  ]),
)

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return words[0].slice(0, 3).toUpperCase()
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join('')
    .toUpperCase()
}

export function teamInfo(name: string | null | undefined, fallbackColor?: string | null): TeamInfo {
  const key = (name ?? '').trim()
  const known = NFL_TEAMS[key]
  if (known) return known
  return {
    name: key || 'TBD',
    abbreviation: initials(key || 'TBD'),
    logo: '',
    primaryColor: fallbackColor || '#6b7280',
    secondaryColor: '#9ca3af',
    city: '',
  }
}

/** WCAG relative luminance of a "#rrggbb" colour; null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  if (!m) return null
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/**
 * A team colour for text on a white card: the colour itself where it reaches 4.5:1 on white, else undefined
 * (the surrounding text colour), so that light team colours such as North Carolina's blue stay readable.
 */
export function teamColorOnWhite(color: string): string | undefined {
  const l = luminance(color)
  return l !== null && 1.05 / (l + 0.05) >= 4.5 ? color : undefined
}

/**
 * The text colour that reads best on a team's `background`: white, or black where white has less contrast
 * (mid and light team colours such as Miami's aqua). White when the colour is unknown.
 */
export function textColorOn(background: string): string {
  const l = luminance(background)
  if (l === null) return '#ffffff'
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000'
}
