import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Check, Copy } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** Copies a text and says so ('Copied!'); a browser without clipboard access says to copy by hand. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState(false)
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
      setDone(true)
      toast.success('Copied!', { description: text })
      window.setTimeout(() => setDone(false), 2000)
    } catch {
      toast.error('Copy failed', { description: 'Select the text and copy it by hand.' })
    }
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={label}>
      {done ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {done ? 'Copied' : 'Copy'}
    </Button>
  )
}

/** The link an invitation carries. */
export function joinLink(code: string): string {
  return `${window.location.origin}/join/${code}`
}
