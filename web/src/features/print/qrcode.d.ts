// The part of the qrcode package the sheet uses. Its DefinitelyTyped types (@types/qrcode) reference Node's
// types, which would bring Node's globals (its setTimeout, Buffer) into the browser app's type-check; these
// few lines, from the package's README, do not.
declare module 'qrcode' {
  /** A QR code's modules: `size` x `size`, dark where get() is 1. */
  interface BitMatrix {
    size: number
    get(row: number, col: number): number
  }
  interface QRCode {
    modules: BitMatrix
    version: number
  }
  /** Encodes `text` as a QR code symbol (the smallest version that holds it). */
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): QRCode
  const qrcode: { create: typeof create }
  export default qrcode
}
