import { useSearchParams } from 'react-router'

/**
 * A list's filters kept in the address: the current parameters, `update` (an empty value removes its
 * parameter; a change that is not of the page starts again at the first page) and `clear`.
 */
export function useAddressFilter<K extends string>() {
  const [params, setParams] = useSearchParams()
  const update = (changes: Partial<Record<K | 'page', string>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (!('page' in changes)) next.delete('page')
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v as string)
          else next.delete(k)
        }
        return next
      },
      { replace: true },
    )
  const clear = () => setParams(new URLSearchParams(), { replace: true })
  return { params, update, clear }
}
