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

// Layers point down (STYLE.md, principle 11): web → services → db; views take view props; the server takes a
// widget's prop types from src/shared/, never from widgets/: it reaches the widgets only through the registry,
// whose components src/render/ renders into their placeholders.
const WIDGET_COMPONENT = {
  regex: '(^|/)widgets/[A-Z]',
  caseSensitive: true,
  message: 'Import widget prop types from src/shared/ or widgets/registry.ts, never a component.',
};
const SERVER_OUTSIDE_WIDGETS = {
  regex: '(^|/)widgets/(?!registry\\.js$)',
  message: 'Server code takes widget prop types from src/shared/ and reaches widgets only through widgets/registry.ts.',
};
const layerRules = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [WIDGET_COMPONENT, ...patterns] }],
});
const serverLayerRules = (...patterns) => layerRules(SERVER_OUTSIDE_WIDGETS, ...patterns);

// Every Intl formatter holds ICU data in native memory the JavaScript heap does not count: one built per call kept
// a production instance's RSS growing by hundreds of megabytes under ordinary traffic (decision 049). Formatters
// are module constants or come from src/shared/time-zone.ts, the one place that builds them on demand (cached).
const FORMATTERS_MADE_ONCE = [
  {
    selector: ':function NewExpression[callee.object.name="Intl"]',
    message:
      'Build an Intl formatter once (a module constant, or zonedFormatter in src/shared/time-zone.ts), never per call.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length>1]',
    message:
      'toLocale…String with options builds a new Intl formatter on every call: use a module constant, zonedFormatter or formatCalendarDate (src/shared/time-zone.ts).',
  },
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
    files: ['src/**/*.{ts,tsx}', 'views/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    ignores: ['src/shared/time-zone.ts'],
    rules: { 'no-restricted-syntax': ['error', ...FORMATTERS_MADE_ONCE] },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: serverLayerRules() },
  {
    files: ['src/services/**/*.{ts,tsx}'],
    rules: serverLayerRules(
      { group: ['express', 'express-*', 'multer'], message: 'Services never see HTTP; that is src/web/.' },
      { regex: '^\\.\\./web/', message: 'Services do not import the web layer.' },
      { regex: '(^|/)views/', message: 'Services do not render views.' },
    ),
  },
  {
    files: ['src/db/**/*.{ts,tsx}'],
    rules: serverLayerRules({
      regex: '^\\.\\./(services|web|render)/',
      message: 'The database layer is the bottom: shared types live in src/shared/.',
    }),
  },
  {
    // Views are server code too: a helper both they and a widget use lives in src/shared/ (STYLE.md, principle 6).
    files: ['views/**/*.{ts,tsx}'],
    rules: serverLayerRules({
      regex: '(^|/)src/(db|services|web)/',
      message: 'Views take view props: map rows to props in the handler.',
    }),
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_ONLY, message: 'src/shared is bundled into widgets: keep it pure.' },
            { regex: '(^|/)widgets/', message: 'src/shared is below the widgets: they import it, never the reverse.' },
          ],
        },
      ],
    },
  },
  {
    // Playwright's request context is a Node client that keeps idle connections past the server's keep-alive
    // timeout: reusing one the server is closing fails with ECONNRESET on a busy worker. Browser tests load and
    // follow links in the browser, as buyers do.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['page', 'context'].map((object) => ({
          object,
          property: 'request',
          message:
            'Load it in the page (goto, a click) instead: the request context reuses connections the server closed.',
        })),
      ],
    },
  },
  {
    files: ['test/support/*.cjs', '.mocharc.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
