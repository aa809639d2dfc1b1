import { ComingSoon } from '@/components/layout/coming-soon'

export const SimulationPage = () => (
  <ComingSoon title="Practice Pool Simulation" description="Pick 5 squares and watch a simulated game play out. Coming in an upcoming release." />
)
export const PaymentTestPage = () => (
  <ComingSoon title="Payment & Escrow Test" description="Developer page for testing card holds, captures and refunds. Coming in an upcoming release." />
)
export const ScoreFeedTestPage = () => (
  <ComingSoon title="Live Score Feed Test" description="Developer page for the score feed. Coming in an upcoming release." />
)
export const LiveTestPage = () => (
  <ComingSoon title="Live Update Test" description="Developer page for real-time board updates. Coming in an upcoming release." />
)
export const ButtonTestPage = () => <ComingSoon title="Test Page" description="Basic developer test page. Coming in an upcoming release." />
