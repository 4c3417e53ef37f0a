import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries of DESIGN.md §2: shared/ imports neither server/ nor web/; web/ never imports server/. */
const noImport = (...dirs) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: dirs.map((dir) => ({
        group: [`**/${dir}/*`, `**/${dir}`],
        message: `This layer must not import from ${dir}/ (DESIGN.md §2).`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', '.cache/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: noImport('server', 'web', 'scripts', 'e2e', 'bench'),
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: noImport('web', 'e2e', 'bench'),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImport('server', 'scripts', 'e2e', 'bench') },
  },
);
