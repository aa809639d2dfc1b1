import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ConsoleGamesTab } from './console-games-tab'
import { ConsoleLeaguesTab } from './console-leagues-tab'
import { ConsolePoolsTab } from './console-pools-tab'
import { ConsoleScoresTab } from './console-scores-tab'
import { ConsoleSystemTab } from './console-system-tab'

/** The management console's tabs: leagues, games, pools, score entry and the system figures. */
export function ManagementConsole() {
  return (
    <Tabs defaultValue="leagues">
      <TabsList>
        <TabsTrigger className="px-1 text-xs sm:px-3 sm:text-sm" value="leagues">Leagues</TabsTrigger>
        <TabsTrigger className="px-1 text-xs sm:px-3 sm:text-sm" value="games">Games</TabsTrigger>
        <TabsTrigger className="px-1 text-xs sm:px-3 sm:text-sm" value="pools">Pools</TabsTrigger>
        <TabsTrigger className="px-1 text-xs sm:px-3 sm:text-sm" value="scores">Scores</TabsTrigger>
        <TabsTrigger className="px-1 text-xs sm:px-3 sm:text-sm" value="system">System</TabsTrigger>
      </TabsList>
      <TabsContent value="leagues">
        <ConsoleLeaguesTab />
      </TabsContent>
      <TabsContent value="games">
        <ConsoleGamesTab />
      </TabsContent>
      <TabsContent value="pools">
        <ConsolePoolsTab />
      </TabsContent>
      <TabsContent value="scores">
        <ConsoleScoresTab />
      </TabsContent>
      <TabsContent value="system">
        <ConsoleSystemTab />
      </TabsContent>
    </Tabs>
  )
}
