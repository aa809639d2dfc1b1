// The prerendered page's HTML (scripts/prerender-html.mjs): the markup in the root, the page's own head,
// the screen's chunk preloaded, and a build that fails when the template is not what it expects.
import { describe, expect, it } from 'vitest'
import { prerenderedHtml, screenFiles, shellHtml } from './prerender-html.mjs'

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Squares – Football Squares Pools</title>
    <meta name="description" content="Join football squares pools." />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

const page = {
  html: '<main><h1>How to Play</h1><p>Costs $5 &amp; $& more</p></main>',
  title: 'Rules & "payouts" <Squares>',
  description: 'Rules, payouts & tiers.',
  canonicalPath: '/how-to-play',
}

describe('prerenderedHtml', () => {
  it('puts the markup in the root, marked for hydration, and the page its own head', () => {
    const html = prerenderedHtml(template, page, ['assets/how-to-play-1.js', 'assets/rules-2.js', 'assets/rules-3.css'])
    expect(html).toContain(`<div id="root" data-prerendered="visitor">${page.html}</div>`)
    expect(html).toContain('<title>Rules &amp; &quot;payouts&quot; &lt;Squares&gt;</title>')
    expect(html).toContain('<meta name="description" content="Rules, payouts &amp; tiers." />')
    expect(html).not.toContain('Join football squares pools.')
    expect(html).toContain('<link rel="canonical" href="/how-to-play" />')
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/how-to-play-1.js">')
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/rules-2.js">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/rules-3.css">')
    // In the head, after the build's own tags.
    expect(html.indexOf('rules-3.css')).toBeLessThan(html.indexOf('</head>'))
    expect(html.indexOf('index-ghi.css')).toBeLessThan(html.indexOf('how-to-play-1.js'))
    // The code after the stylesheet: the page paints without it.
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>')
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-dom-def.js">')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">')
  })

  it('fails on a template without exactly one empty root, title, description or head', () => {
    expect(() => prerenderedHtml(template.replace('<div id="root"></div>', '<div id="root">x</div>'), page)).toThrow(/0 empty root elements/)
    expect(() => prerenderedHtml(template.replace('</title>', '</title><title>Again</title>'), page)).toThrow(/2 titles/)
    expect(() => prerenderedHtml(template.replace(/<meta name="description"[^>]*>/, ''), page)).toThrow(/0 descriptions/)
    expect(() => prerenderedHtml(template.replace('</head>', ''), page)).toThrow(/0 head ends/)
  })
})

describe('shellHtml', () => {
  it('puts the loading screen in the root of the shell, not marked for hydration, and leaves the rest', () => {
    const markup = '<div class="flex"><span>Loading Squares…</span></div>'
    const html = shellHtml(template, markup)
    expect(html).toBe(template.replace('<div id="root"></div>', `<div id="root">${markup}</div>`))
    expect(html).not.toContain('data-prerendered')
  })

  it('fails on a template whose root is not empty, as it is once written', () => {
    const once = shellHtml(template, '<p>Loading</p>')
    expect(() => shellHtml(once, '<p>Loading</p>')).toThrow(/0 empty root elements/)
  })
})

describe('screenFiles', () => {
  const manifest = {
    'index.html': { file: 'assets/index-abc.js', imports: ['_react-dom.js'], dynamicImports: ['src/how-to-play.tsx'] },
    '_react-dom.js': { file: 'assets/react-dom-def.js' },
    '_rules.js': { file: 'assets/rules-2.js', imports: ['_react-dom.js'], css: ['assets/rules-3.css'] },
    '_icons.js': { file: 'assets/icons-4.js', imports: ['_rules.js'] },
    'src/how-to-play.tsx': { file: 'assets/how-to-play-1.js', imports: ['_rules.js', '_icons.js', '_react-dom.js'] },
  }

  it('lists the chunk, what it imports and their CSS, once each, leaving out what the template loads', () => {
    expect(screenFiles(manifest, 'src/how-to-play.tsx', template)).toEqual(['assets/how-to-play-1.js', 'assets/rules-2.js', 'assets/rules-3.css', 'assets/icons-4.js'])
  })

  it('fails on a screen or an import the build does not have', () => {
    expect(() => screenFiles(manifest, 'src/landing.tsx', template)).toThrow(/src\/landing.tsx is not a chunk/)
    expect(() => screenFiles({ ...manifest, 'src/x.tsx': { file: 'assets/x.js', imports: ['_gone.js'] } }, 'src/x.tsx', template)).toThrow(/_gone.js is imported/)
  })
})
