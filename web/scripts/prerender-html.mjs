// The pure half of scripts/prerender.mjs: a prerendered page's HTML made from the built index.html, and the
// files of a screen's lazy chunk the page preloads, read from Vite's manifest.

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Replaces the one match of `pattern` in `html`, or throws: a template that changed shape must fail the build. */
function replaceOnce(html, pattern, replacement, what) {
  const matches = html.match(new RegExp(pattern, 'g'))
  if (matches?.length !== 1) throw new Error(`prerender: the template has ${matches?.length ?? 0} ${what}, not one`)
  return html.replace(pattern, replacement)
}

/**
 * The page: the template (dist/index.html, with the build's hashed script and CSS tags) with the rendered
 * markup in its root element, marked for src/main.tsx to hydrate, the page's own title, description and
 * canonical link, and each file of its screen's chunk (`preload`, from screenFiles) loaded from the start:
 * module scripts preloaded (React takes the screen over once its code has run), stylesheets linked. Its
 * scripts are fetched at low priority, after the stylesheet.
 */
export function prerenderedHtml(template, page, preload = []) {
  let html = replaceOnce(template, /<div id="root"><\/div>/, () => `<div id="root" data-prerendered="visitor">${page.html}</div>`, 'empty root elements')
  html = replaceOnce(html, /<title>[^<]*<\/title>/, () => `<title>${escape(page.title)}</title>`, 'titles')
  html = replaceOnce(html, /<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escape(page.description)}" />`, 'descriptions')
  // The page paints from its HTML and CSS; its code only makes it answer, so the code yields the network to
  // the stylesheet (fetched first) rather than racing it.
  html = html.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`)
  const links = [
    `<link rel="canonical" href="${escape(page.canonicalPath)}" />`,
    ...preload.map((f) =>
      f.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="/${escape(f)}">` : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escape(f)}">`,
    ),
  ]
  return replaceOnce(html, /<\/head>/, () => `${links.map((l) => `  ${l}\n`).join('')}</head>`, 'head ends')
}

/**
 * The app's shell (dist/index.html, what every page but the prerendered ones starts from) with `markup` in
 * its root element: the loading screen the app draws first (src/prerender.tsx, renderShell), painted from
 * the HTML and CSS before any script has run. The app draws over it (createRoot replaces what the root holds).
 */
export function shellHtml(template, markup) {
  return replaceOnce(template, /<div id="root"><\/div>/, () => `<div id="root">${markup}</div>`, 'empty root elements')
}

/**
 * The files a screen's lazy chunk needs beyond those the template loads already: the chunk (Vite's
 * manifest key `screen`, its source path), the chunks it imports statically, and their CSS.
 */
export function screenFiles(manifest, screen, template) {
  if (!manifest[screen]) throw new Error(`prerender: ${screen} is not a chunk of the build (Vite's manifest)`)
  const files = []
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`prerender: ${key} is imported but not in Vite's manifest`)
    if (files.includes(chunk.file)) return
    files.push(chunk.file)
    for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(screen)
  return files.filter((f) => !template.includes(`"/${f}"`))
}
