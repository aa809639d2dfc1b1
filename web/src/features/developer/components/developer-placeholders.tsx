import { ComingSoon } from '@/components/layout/coming-soon'

export const SimulationPage = () => (
  <ComingSoon title="Practice Pool Simulation" description="Pick 5 squares and watch a simulated game play out. Coming in an upcoming release." />
)
export const ScoreFeedTestPage = () => (
  <ComingSoon title="Live Score Feed Test" description="Developer page for the score feed. Coming in an upcoming release." />
)
export const LiveTestPage = () => (
  <ComingSoon title="Live Update Test" description="Developer page for real-time board updates. Coming in an upcoming release." />
)
export const ButtonTestPage = () => <ComingSoon title="Test Page" description="Basic developer test page. Coming in an upcoming release." />
