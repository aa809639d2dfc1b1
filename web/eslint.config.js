// ESLint flat config: typescript-eslint (type-aware), React hooks, TanStack Query, and the layering rules
// of web/README.md (features never import each other; lib and components never import features or app).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'
import globals from 'globals'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// A query key is written once, in the key factory (src/lib/query-keys.ts), so that every feature reads and
// invalidates the same key for the same server resource. An array literal given as `queryKey` anywhere else
// is a second spelling of a key that drifts from the first one.
const localPlugin = {
  rules: {
    'no-inline-query-key': {
      meta: {
        type: 'problem',
        docs: { description: 'Query keys come from the key factory (src/lib/query-keys.ts), not array literals.' },
        messages: { inline: 'Use a key from queryKeys (src/lib/query-keys.ts) instead of a `queryKey: [...]` literal.' },
        schema: [],
      },
      create(context) {
        const unwrap = (node) => (node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') ? unwrap(node.expression) : node)
        return {
          Property(node) {
            const named = !node.computed && ((node.key.type === 'Identifier' && node.key.name === 'queryKey') || node.key.value === 'queryKey')
            if (named && unwrap(node.value)?.type === 'ArrayExpression') context.report({ node: node.value, messageId: 'inline' })
          },
        }
      },
    },
  },
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// Relative paths are only ever one level deep here ("../api/x"), so climbing two levels out of a feature
// folder means reaching into another feature or a shared folder by a path the alias should name.
const noClimbing = {
  regex: '^\\.\\./\\.\\./',
  message: 'Import shared code through "@/..." rather than climbing out of the folder.',
}

/** Import restrictions for the files of one layer; also applied to dynamic import(). */
function layer(files, patterns) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': [
        'error',
        ...patterns.map((p) => ({
          selector: `ImportExpression > Literal[value=/${p.regex.replace(/\//g, '\\/')}/]`,
          message: p.message,
        })),
      ],
    },
  }
}

export default tseslint.config(
  { ignores: ['dist', '.prerender', 'playwright-report', 'test-results', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React event props take handlers that return promises (react-hook-form's handleSubmit, refetch) and
      // ignore the result; promises passed anywhere else must still be handled.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { id: _, ...rest } = x` is how an object drops a field.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, ...pluginQuery.configs['flat/recommended']],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/query-keys.ts'],
    plugins: { local: localPlugin },
    rules: { 'local/no-inline-query-key': 'error' },
  },
  {
    files: ['*.config.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  ...features.map((feature) =>
    layer(
      [`src/features/${feature}/**`],
      [
        {
          regex: `^@/features/(?!${escape(feature)}/)`,
          message: `Features never import each other: move shared code to src/lib or src/components.`,
        },
        { regex: '^@/app(/|$)', message: 'Features never import the app shell; the app imports features.' },
        noClimbing,
      ],
    ),
  ),
  layer(
    ['src/lib/**', 'src/components/**'],
    [
      { regex: '^@/features/', message: 'src/lib and src/components never import features.' },
      { regex: '^@/app(/|$)', message: 'src/lib and src/components never import the app shell.' },
      { regex: '^(\\.\\./)+(features|app)/', message: 'src/lib and src/components never import features or app.' },
      noClimbing,
    ],
  ),
)
