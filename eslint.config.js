// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', '**/.turbo/**', '**/drizzle/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Each workspace declares what it imports in its own package.json (nothing works only through
    // hoisting); devDependencies only in tests, benchmarks, build and tool configs.
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          devDependencies: [
            '**/*.test.{ts,tsx}',
            '**/*.spec.ts',
            '**/tests/**',
            '**/test/**',
            '**/bench/**',
            '**/scripts/**',
            '**/*.config.{ts,js,mjs}',
            '**/build.mjs',
            '**/testing/**',
            '**/testing.{ts,tsx}',
            'e2e/**',
          ],
        },
      ],
    },
  },
  {
    // No import circles in the apps and packages (type-only imports count too): a new one fails lint.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Source imports carry no extension (`./announce`): resolve them as the bundlers do.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // The rule parses each imported file to follow its imports: TypeScript with the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No product file over 400 lines, every line counted (what a reader scrolls through): split it into
    // sibling files named for their part. Tests, data (seed/demo, fixtures, generated, migrations) and
    // benchmarks are exempt.
    files: ['apps/*/src/**/*.{ts,tsx,js,mjs,cjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/tests/**',
      '**/test/**',
      '**/testing*/**',
      '**/testing*.{ts,tsx}',
      '**/bench/**',
      '**/seed/**',
      '**/demo/**',
      '**/fixtures/**',
      '**/__fixtures__/**',
      '**/generated/**',
      '**/*.generated.{ts,tsx}',
      '**/migrations/**',
      'e2e/**',
    ],
    rules: {
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
