// Lint run by `npm test` over src/ (what sees user input). For now it guards one class of bug:
// regular expressions that backtrack super-linearly (one survey once froze the server for a minute).
const tseslint = require('typescript-eslint');
const regexp = require('eslint-plugin-regexp');

module.exports = tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', '__tests__/e2e/artifacts/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
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
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='RegExp']", message: 'Write regular expressions as literals so their backtracking is checked.' }],
    },
  },
);
