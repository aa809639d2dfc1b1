import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'

/** A labelled native select of the Pool Management filters and forms. */
export function LabelledSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string | number; onChange: (v: string) => void; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  )
}
