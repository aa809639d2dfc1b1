import { useDeferredValue, useMemo } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'

/** What a screen reads of a query's state, deferred (see useDeferredQuery). */
export type DeferredQuery<T> = Pick<UseQueryResult<T>, 'data' | 'isLoading' | 'isLoadingError' | 'isRefetchError' | 'refetch'>

/**
 * A query's state as a transition. React Query's answers reach a screen through an external store, whose
 * updates React renders at once, in one task: a screen drawing its list when the answer arrives (a phone's
 * slow CPU: hundreds of milliseconds no tap is answered) would do it there. Read through this, the answer's
 * task draws the screen as it was, and React then draws it with the answer as a transition, in slices.
 */
export function useDeferredQuery<T>(query: UseQueryResult<T>): DeferredQuery<T> {
  const { data, isLoading, isLoadingError, isRefetchError, refetch } = query
  const state = useMemo(
    () => ({ data, isLoading, isLoadingError, isRefetchError, refetch }),
    [data, isLoading, isLoadingError, isRefetchError, refetch],
  )
  return useDeferredValue(state)
}
