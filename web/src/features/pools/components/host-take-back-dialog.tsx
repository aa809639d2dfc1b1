import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/api'
import type { Square } from '@/lib/types'
import { useTakeBack } from '../hooks/use-host-pool'
import { ownerName, positionText } from './square-labels'

/** The host taps a taken square before the draw: who has it, whether it is paid, and taking it back. */
export function HostTakeBackDialog({ poolId, square, onClose }: { poolId: number; square: Square | null; onClose: () => void }) {
  const takeBack = useTakeBack(poolId)
  const where = square ? positionText(square, null, null) : ''
  const who = square ? ownerName(square) : ''
  const confirm = () =>
    square &&
    takeBack.mutate(
      { row: square.row, column: square.column },
      {
        onSuccess: () => {
          toast.success('Square taken back', { description: `${where} is free again.` })
          onClose()
        },
        onError: (err) => toast.error('Not taken back', { description: errorMessage(err, 'Please try again.') }),
      },
    )
  return (
    <Dialog open={!!square} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{where}</DialogTitle>
          <DialogDescription>
            {who}’s square{square?.paid === false ? ', not paid yet' : square?.paid ? ', paid' : ''}. Taking it back frees it for others; payments
            already recorded stay on {who}’s account.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={takeBack.isPending}>
            {takeBack.isPending && <Spinner label="Taking back" />}
            Take back from {who}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
