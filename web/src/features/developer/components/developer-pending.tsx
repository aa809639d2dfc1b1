import { ComingSoon } from '@/components/layout/coming-soon'

export const ScoreFeedTestPage = () => (
  <ComingSoon title="Live Score Feed Test" description="Developer page for the score feed. Coming in an upcoming release." />
)
