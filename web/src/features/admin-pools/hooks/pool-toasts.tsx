import { toast } from '@/lib/toast'
import { errorMessage } from '@/lib/api'
import type { Pool } from '@/lib/types'
import type { Refusal } from '../api/pool-admin-api'

/** "Free Pool (#12)": how a pool is named in refusals. */
function poolName(pools: Pool[], id: number) {
  const p = pools.find((x) => x.id === id)
  return p ? `${p.name} #${id}` : `Pool #${id}`
}

/** A toast for a bulk answer: the spec's success line, and each pool the server refused with its reason. */
export function toastBulk(title: string, done: number, total: number, verb: string, answer: { refused: Refusal[] }, pools: Pool[]) {
  const refused = answer.refused
  const line = `${done} of ${total} pools ${verb} successfully`
  if (refused.length === 0) {
    toast.success(title, { description: line })
    return
  }
  toast.warning(title, {
    description: (
      <div>
        <p>{line}. Refused:</p>
        <ul className="mt-1 list-disc pl-4">
          {refused.slice(0, 6).map((r) => (
            <li key={r.poolId}>
              {poolName(pools, r.poolId)}: {r.message}
            </li>
          ))}
          {refused.length > 6 && <li>and {refused.length - 6} more</li>}
        </ul>
      </div>
    ),
    duration: 10_000,
  })
}

export const failToast = (title: string) => (err: unknown) => toast.error(title, { description: errorMessage(err, 'Please try again.') })
