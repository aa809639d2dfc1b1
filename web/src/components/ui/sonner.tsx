import { Toaster as Sonner, type ToasterProps } from 'sonner'

// One toast visible at a time (spec: toasts), announced politely by sonner's aria-live region.
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={1}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ classNames: { title: 'font-semibold', description: 'text-sm' } }}
      {...props}
    />
  )
}
