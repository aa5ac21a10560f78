// Lint run by `npm test`: type-aware TypeScript rules, React hook rules, import boundaries (the
// client, the server and the contract stay apart, client features meet only through their
// index, no import cycles) and regular-expression safety (one survey once froze the server for a
// minute). Formatting is Prettier's (`npm run format:check`); eslint-config-prettier turns off
// the stylistic rules that would fight it.
const { readdirSync } = require('node:fs');
const tseslint = require('typescript-eslint');
const js = require('@eslint/js');
const regexp = require('eslint-plugin-regexp');
const reactHooks = require('eslint-plugin-react-hooks');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const prettier = require('eslint-config-prettier');

const CLIENT_FEATURES = readdirSync(`${__dirname}/src/client/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SERVER_DOMAINS = readdirSync(`${__dirname}/src/server`, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['platform', 'cli', 'data'].includes(d.name))
  .map((d) => d.name);

/**
 * The server stands in floors: platform/ (plumbing) under the domains, the operator's commands
 * (cli/) and the entry files above them. `npx tsx tools/layering.ts` prints the floors.
 */
const serverZones = [
  {
    target: './src/server/platform',
    from: [...SERVER_DOMAINS.map((d) => `./src/server/${d}`), './src/server/cli', './src/server/deps.ts', './src/server/app.ts'],
    message: 'platform/ is the plumbing under the domains: it imports none of them (give it a hook instead).',
  },
  ...SERVER_DOMAINS.map((domain) => ({
    target: `./src/server/${domain}`,
    from: './src/server/cli',
    message: 'Operator commands use the domains; no domain imports cli/.',
  })),
];

/** A feature may use another only through that feature's index.ts. */
const featureZones = CLIENT_FEATURES.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`, ...CLIENT_FEATURES.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
  message: 'Use another feature through its index.ts, not its internals.',
}));

module.exports = tseslint.config(
  {
    ignores: [
      'eslint.config.js',
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      '__tests__/e2e/artifacts/**',
      '__tests__/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    plugins: { 'import-x': importX },
    // The TypeScript settings tell import-x how to parse .ts files; without them it follows no import and finds no cycle.
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      // Unused names are allowed when they say so (a leading underscore), as in rest-destructuring.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/client',
              from: './src/server',
              message: 'The web app talks to the server through the contract in src/shared only.',
            },
            { target: './src/server', from: './src/client', message: 'The server never imports the web app.' },
            {
              target: './src/shared',
              from: ['./src/client', './src/server'],
              message: 'src/shared is what both sides use: it imports neither.',
            },
            ...featureZones,
            {
              target: ['./src/client/components', './src/client/lib', './src/client/features', './src/client/shared-link'],
              from: './src/client/app',
              message: 'app/ is the composition root: it imports the rest, nothing imports it.',
            },
            {
              target: './src/client/lib',
              from: ['./src/client/features', './src/client/components'],
              message: 'lib/ is the tools features and components use: it imports neither.',
            },
            ...serverZones,
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['__tests__/**/*.{ts,tsx}'],
    rules: {
      // @types/jest types the asymmetric matchers (expect.any, expect.stringMatching, ...) as any,
      // and every toEqual({ error: expect.any(String) }) would read as an unsafe assignment.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      // Backtracking that grows with the input, and patterns that do not mean what they say.
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
      'regexp/no-dupe-disjunctions': 'error',
      'regexp/no-contradiction-with-assertion': 'error',
      'regexp/no-empty-alternative': 'error',
      'regexp/no-useless-backreference': 'error',
      'regexp/no-misleading-unicode-character': 'error',
      // A pattern built from strings is invisible to the checks above: write patterns as literals.
      'prefer-regex-literals': ['error', { disallowRedundantWrapping: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='RegExp']",
          message: 'Write regular expressions as literals so their backtracking is checked.',
        },
      ],
    },
  },
  prettier,
);
