import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageContainer, PageHeader } from '@/components/layout/page'
import { GameRules, HouseFeePolicy, Policies } from '@/components/rules/rules-lists'
import { PayoutStructure } from '@/components/rules/payout-structure'
import { TierTable } from '@/components/rules/tier-table'
import { useUser } from '@/lib/auth'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { PoolRulesSection } from './pool-rules-section'

const AUTOMATION = [
  'Participation is checked every 15 minutes.',
  'The final decision is made exactly 2 hours before kickoff.',
  'Viable pools that are not full are completed with house-filled squares, then numbers are drawn.',
  'Pools with too little participation are cancelled and refunded automatically.',
  'Winners are paid automatically at the end of each period; every movement appears in your transaction history.',
]

export function HowToPlayPage() {
  useDocumentMeta({
    title: 'How to Play Football Squares',
    description: 'Rules, payouts, entry tiers and policies for Squares football squares pools.',
    keywords: ['how to play football squares', 'squares rules', 'squares payouts'],
    canonicalPath: '/how-to-play',
  })
  const { user } = useUser()
  // Opened for a pool (its "Rules of this pool" card links here): that pool's rules come first.
  const [params] = useSearchParams()
  const poolParam = params.get('pool') ?? ''
  const poolId = /^\d+$/.test(poolParam) ? Number(poolParam) : null
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        eyebrow="Rules"
        title="How to Play"
        description="Squares in one minute: pick squares, wait for the numbers, win on the last digits of the score."
      />
      <div className="grid gap-10 *:min-w-0">
        {poolId !== null && <PoolRulesSection poolId={poolId} />}
        <section aria-labelledby="rules-h">
          <h2 id="rules-h" className="mb-4 text-xl font-extrabold">
            The rules
          </h2>
          <GameRules />
        </section>
        <section aria-labelledby="payout-h" className="below-fold">
          <h2 id="payout-h" className="mb-4 text-xl font-extrabold">
            Payout structure
          </h2>
          <PayoutStructure headingLevel={3} />
        </section>
        <section aria-labelledby="tiers-h" className="below-fold">
          <h2 id="tiers-h" className="mb-4 text-xl font-extrabold">
            Entry tiers
          </h2>
          <TierTable headingLevel={3} />
          <p className="mt-3 text-sm text-muted-foreground">
            A pool needs enough players by the 2-hour decision: 5 for FREE, 8 for $1, 10 for $5, 15 for $10 and 20 for $25 pools.
          </p>
        </section>
        <section aria-labelledby="auto-h" className="below-fold">
          <h2 id="auto-h" className="mb-4 text-xl font-extrabold">
            Automation
          </h2>
          <ul className="grid gap-2 rounded-xl border bg-card p-5 text-sm shadow-sm">
            {AUTOMATION.map((a) => (
              <li key={a} className="flex gap-2">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-emerald-500" />
                {a}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="policies-h" className="below-fold">
          <h2 id="policies-h" className="mb-4 text-xl font-extrabold">
            Policies
          </h2>
          <Policies />
          <div className="mt-4">
            <HouseFeePolicy />
          </div>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={user ? '/' : '/login'}>{user ? 'Browse Pools' : 'Sign Up to Play'}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/pool-of-the-week">Pool of the Week</Link>
          </Button>
        </div>
      </div>
    </PageContainer>
  )
}
