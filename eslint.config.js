import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';

/** Import boundaries of DESIGN.md §2: shared/ imports neither server/ nor web/; web/ never imports server/. */
const noImport = (dirs, paths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths,
      patterns: dirs.map((dir) => ({
        group: [`**/${dir}/*`, `**/${dir}`],
        message: `This layer must not import from ${dir}/ (DESIGN.md §2).`,
      })),
    },
  ],
});

/** SQL is written in repositories and the database platform only (types may be named anywhere). */
const noQueryBuilder = [
  {
    name: 'kysely',
    allowTypeImports: true,
    message: 'Queries belong in a *.repository.ts or server/platform/db/ (DESIGN.md §2).',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', '.cache/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The type-aware rules, for the TypeScript files (the project's tsconfig types them).
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its failure and its ordering; `void` says it is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // An async function without await is how an interface that answers promises is implemented (Kysely's
      // driver, storage and mail adapters): its throw becomes a rejection, as the caller expects.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read answers as the wire gives them (light-my-request's `json()` is `any`) and check them by
    // value, and hand methods to `expect`; the production code gets the rules in full.
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'server/testing/**/*.ts',
      'server/chaos/**/*.ts',
      'server/cluster/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}'],
    // Tests set up what they need across modules.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    settings: {
      // Imports are resolved as TypeScript and the bundler resolve them ('./x', './x.js' and './x.ts' all name
      // x.ts), so a boundary cannot be crossed by leaving the extension out.
      'import/resolver': { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
      'boundaries/elements': [
        // Features never import each other or the app that composes them; components/, lib/ and config/ are
        // below features; platform/ has no business rules, so it never imports a module (DESIGN.md §2–3).
        { type: 'web-feature', pattern: 'web/features/*', capture: ['feature'] },
        { type: 'web-app', pattern: 'web/app' },
        { type: 'web-common', pattern: 'web/(components|lib|config)' },
        { type: 'server-module', pattern: 'server/modules/*', capture: ['module'] },
        { type: 'server-platform', pattern: 'server/platform' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
            },
            {
              from: { element: { type: 'web-common' } },
              disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            },
            {
              from: { element: { type: 'server-platform' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: noImport(['server', 'web', 'scripts', 'e2e', 'bench']),
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: noImport(['web', 'e2e', 'bench'], noQueryBuilder),
  },
  {
    files: [
      'server/**/*.repository.ts',
      'server/platform/db/**',
      'server/testing/**',
      'server/cluster/**',
      'server/**/*.test.ts',
    ],
    rules: noImport(['web', 'e2e', 'bench']),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImport(['server', 'scripts', 'e2e', 'bench']) },
  },
);
