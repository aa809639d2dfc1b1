import { useMemo } from 'react'
import QRCode from 'qrcode'

/** The blank border a QR code needs around it, in modules (the standard's quiet zone). */
const QUIET = 4

/**
 * `text` as a QR code (the qrcode package's encoder, error correction M: a printed sheet gets marked),
 * drawn as one SVG path of its dark modules: sharp at any size on paper, no canvas, no image.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
    let d = ''
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + QUIET} ${row + QUIET}h1v1h-1z`
    return { size: modules.size + 2 * QUIET, path: d }
  }, [text])
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className={className} shapeRendering="crispEdges" data-testid="pool-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
