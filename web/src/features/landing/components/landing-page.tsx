import { Link } from 'react-router'
import {
  ArrowRight,
  BadgeCheck,
  Banknote,
  Clock,
  Gift,
  Hash,
  Home,
  Landmark,
  Lock,
  Radio,
  ScrollText,
  ShieldCheck,
  Timer,
  Trophy,
  XCircle,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { GameRules, HouseFeePolicy, Policies } from '@/components/rules/rules-lists'
import { PayoutStructure } from '@/components/rules/payout-structure'
import { TierTable } from '@/components/rules/tier-table'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { DemoBoard } from './demo-board'

const FEATURES = [
  { icon: Trophy, title: 'Win every quarter', text: 'Four chances per game: Q1, halftime, Q3 and the final each pay 25% of the prize pool.' },
  { icon: Gift, title: 'Five tiers per game', text: 'FREE, $1, $5, $10 and $25 pools on every game. Play for bragging rights or real prizes.' },
  { icon: Hash, title: 'Provably fair draws', text: 'Numbers are committed before sales open and drawn only when the board is full. Anyone can verify them.' },
  { icon: Radio, title: 'Live board', text: 'Scores update in real time and winning squares light up as each period ends.' },
]

const AUTOMATION = [
  { icon: Clock, title: 'Every 15 minutes', text: 'Participation in every pool is checked automatically.' },
  { icon: Timer, title: '2 hours before kickoff', text: 'The final decision: each pool is completed or cancelled. No waiting on a commissioner.' },
  { icon: Home, title: 'House fill', text: 'Viable pools that are not full are completed with house-filled squares, then the numbers are drawn.' },
  { icon: XCircle, title: 'Automatic refunds', text: 'Pools with too few players are cancelled and every payment is released or refunded.' },
  { icon: Banknote, title: 'Automatic payouts', text: 'Winners are credited at the end of each period, with a full transaction history.' },
]

const SECURITY = [
  { icon: Lock, title: 'Escrow until the final whistle', text: 'Your entry is held, not spent, until the pool is decided. Cancelled pools release it.' },
  { icon: ScrollText, title: 'Double-entry ledger', text: 'Every cent that moves is recorded in balanced ledger entries you can review.' },
  { icon: BadgeCheck, title: 'Verified payments', text: 'Squares are granted only after the payment provider confirms the amount, never on the browser’s word.' },
  { icon: ShieldCheck, title: 'Age & location checks', text: 'Players are 18+ and paid pools are open only in states where they are permitted.' },
]

export function LandingPage() {
  useDocumentMeta({
    title: 'Squares – Football Squares Pools, Paid Every Quarter',
    description:
      'Join football squares pools from free to $25 a square. Fair number draws, escrowed entries and automatic payouts at every quarter.',
    keywords: ['football squares', 'super bowl squares', 'NFL squares pool', 'squares game', 'office pool'],
    canonicalPath: '/',
  })
  return (
    <div>
      <section className="relative overflow-hidden bg-navy text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(163,230,53,0.18),transparent_55%)]" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:py-16 lg:grid-cols-2 lg:px-8 lg:py-20">
          <div>
            <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-bold tracking-wider text-lime-300 uppercase">
              <Trophy className="size-3.5" aria-hidden="true" /> Football squares pools
            </p>
            <h1 className="text-4xl leading-[1.05] font-black tracking-tight sm:text-5xl lg:text-6xl">
              Pick your squares.
              <br />
              <span className="text-lime-300">Win every quarter.</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-white/75">
              The classic game-day grid, run properly: five pools per game from FREE to $25, numbers drawn fairly when the board
              fills, and winners paid automatically at Q1, halftime, Q3 and the final.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg" variant="brand">
                <Link to="/login?tab=signup">
                  Sign Up Free <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white">
                <a href="#how-to-play">How to Play</a>
              </Button>
            </div>
            <p className="mt-4 text-xs text-white/55">18+ only. Paid pools available only in permitted US states.</p>
          </div>
          <div className="flex justify-center lg:justify-end">
            <DemoBoard />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-h" className="below-fold mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="features-h" className="text-center text-3xl font-black tracking-tight">
          Everything a great pool needs
        </h2>
        <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <div key={f.title} className="rounded-xl border bg-card p-5 shadow-sm">
              <div className="flex size-11 items-center justify-center rounded-lg bg-lime-100 text-lime-800">
                <f.icon className="size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-bold">{f.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{f.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="automation-h" className="below-fold bg-muted/60 py-14">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <h2 id="automation-h" className="text-3xl font-black tracking-tight">
            Fully automated, start to finish
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">No commissioner chasing payments, no spreadsheets. The pool runs itself.</p>
          <ol className="mt-8 grid gap-4 md:grid-cols-5">
            {AUTOMATION.map((a, i) => (
              <li key={a.title} className="relative rounded-xl border bg-card p-4 shadow-sm">
                <div className="flex items-center gap-2">
                  <span className="flex size-7 items-center justify-center rounded-full bg-navy text-xs font-black text-lime-300">{i + 1}</span>
                  <a.icon className="size-5 text-emerald-700" aria-hidden="true" />
                </div>
                <h3 className="mt-3 font-bold">{a.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{a.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="security-h" className="below-fold mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-[1fr_1.4fr] lg:items-center">
          <div>
            <div className="flex size-12 items-center justify-center rounded-xl bg-navy text-lime-300">
              <Landmark className="size-6" aria-hidden="true" />
            </div>
            <h2 id="security-h" className="mt-4 text-3xl font-black tracking-tight">
              Escrow and security
            </h2>
            <p className="mt-2 text-muted-foreground">
              Paid entries are held by our card processor until the game completes. There are no withdrawals; if a pool fails to
              fill by the 2-hour decision, your money comes back automatically.
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {SECURITY.map((s) => (
              <div key={s.title} className="rounded-xl border bg-card p-5 shadow-sm">
                <s.icon className="size-6 text-emerald-700" aria-hidden="true" />
                <h3 className="mt-3 font-bold">{s.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section id="how-to-play" aria-labelledby="htp-h" className="below-fold scroll-mt-20 border-t bg-card/50 py-14">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 *:min-w-0 sm:px-6 lg:px-8">
          <div>
            <h2 id="htp-h" className="text-3xl font-black tracking-tight">
              How to Play
            </h2>
            <p className="mt-2 text-muted-foreground">Four simple rules, four chances to win.</p>
          </div>
          <GameRules />
          <div>
            <h3 className="mb-4 text-xl font-extrabold">Payout structure</h3>
            <PayoutStructure />
          </div>
          <div>
            <h3 className="mb-4 text-xl font-extrabold">Entry tiers</h3>
            <TierTable />
          </div>
          <div className="grid gap-4 lg:grid-cols-[1fr_2fr]">
            <HouseFeePolicy />
            <Policies />
          </div>
        </div>
      </section>

      {/* Laid out with the page (not below-fold): a part the browser has not styled yet shows default colours
          to a checker reading it, and this one's are light on dark. */}
      <section className="bg-navy py-14 text-center text-white">
        <div className="mx-auto max-w-2xl px-4">
          <h2 className="text-3xl font-black tracking-tight">Ready for kickoff?</h2>
          <p className="mt-2 text-white/75">Create a free account in under a minute. FREE pools need no payment at all.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg" variant="brand">
              <Link to="/login?tab=signup">Create Your Account</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white">
              <Link to="/login">Sign In</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  )
}
