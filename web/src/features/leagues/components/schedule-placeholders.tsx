import { useParams } from 'react-router'
import { ComingSoon } from '@/components/layout/coming-soon'

export function LeagueSchedulePage() {
  const { league = '' } = useParams()
  return (
    <ComingSoon
      title={`${league.toUpperCase()} Complete Schedule`}
      description="The full season schedule with week and team filters is coming in an upcoming release."
    />
  )
}

export function NflSchedulePage() {
  return <ComingSoon title="NFL Schedule" description="The week-by-week NFL schedule is coming in an upcoming release." />
}
