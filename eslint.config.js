// ESLint: recommended rules for JavaScript and TypeScript, the React hooks rules for components; plus the one
// architectural rule that matters most here: server code never enters a widget bundle (STYLE.md, principle 6).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = [
  'node:*',
  'express',
  'express-*',
  'knex',
  'better-sqlite3',
  'pg',
  'passport',
  'passport-*',
  'helmet',
  'pino',
  'pino-*',
  'sharp',
  'multer',
  'nodemailer',
  'compression',
  'zod',
];

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', 'tools/bench/raw/**', 'data/**'] },
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
    files: ['widgets/**/*.{ts,tsx}', 'views/**/*.{ts,tsx}', 'src/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_ONLY, message: 'Widgets run in the browser: no server modules.' },
            {
              regex: '^\\.\\./src/(?!shared/)',
              message: 'Widgets may import from src/shared/ only (pure modules shared with the server).',
            },
            { regex: '^\\.\\./views/', message: 'Views are server-only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_ONLY, message: 'src/shared is bundled into widgets: keep it pure.' }] },
      ],
    },
  },
  {
    files: ['test/support/*.cjs', '.mocharc.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
