import { ComingSoon } from '@/components/layout/coming-soon'

export const ScoreFeedTestPage = () => (
  <ComingSoon title="Live Score Feed Test" description="Developer page for the score feed. Coming in an upcoming release." />
)
export const LiveTestPage = () => (
  <ComingSoon title="Live Update Test" description="Developer page for real-time board updates. Coming in an upcoming release." />
)
