// The types of prerender-html.mjs, for its test (TypeScript does not read the scripts' JavaScript).

/** A prerendered page: the root's markup and the head its useDocumentMeta asks for (src/prerender.tsx). */
export interface RenderedPage {
  html: string
  title: string
  description: string
  canonicalPath: string
}

/** A chunk of Vite's manifest (dist/.vite/manifest.json), the fields read. */
export interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}

export function prerenderedHtml(template: string, page: RenderedPage, preload?: string[]): string
export function screenFiles(manifest: Record<string, ManifestChunk>, screen: string, template: string): string[]
export function shellHtml(template: string, markup: string): string
