import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['marketing', 'contact', 'auth', 'qr', 'pwa', 'viewer', 'desk', 'pc'];

/** The import pattern that keeps a feature out of the others. */
const otherFeatures = (feature) => ({
  regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== feature).join('|')})(/|$)`,
  message: 'Features do not import each other; move what both need to src/lib or src/domain.',
});

/**
 * The QR feature's rooms, top level first: the pages (the account area and the wizard), the scan
 * figures (which read the codes list), My QR Codes' saving and listing, the dynamic codes' short
 * links (and the re-uploads of their files), then mail, uploads and the draft, the scan check,
 * and drawing.
 */
const qrRooms = [
  ['account', 'wizard'],
  ['stats', 'bulk'],
  ['codes'],
  ['links'],
  ['mail', 'uploads', 'draft'],
  ['check'],
  ['render'],
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'screenshots',
      '.scratch',
      '.harness',
      'functions/lib',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.strict],
  },
  // Features do not import each other: what two of them need moves to src/lib or src/domain.
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeatures(feature)] }] },
  })),
  // Inside the QR feature, rooms with a direction (docs/architecture.md): each imports only from
  // the rooms below it, never from its own level or above, so there is no cycle.
  ...qrRooms.flatMap((level, index) =>
    level.map((room) => ({
      files: [`src/features/qr/${room}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              otherFeatures('qr'),
              {
                regex: `^\\.\\./(${qrRooms
                  .slice(0, index + 1)
                  .flat()
                  .filter((other) => other !== room)
                  .join('|')})(/|$)`,
                message: `The QR feature's ${room} room imports only from the rooms below it: ${
                  qrRooms
                    .slice(index + 1)
                    .flat()
                    .join(', ') || 'none'
                }.`,
              },
            ],
          },
        ],
      },
    })),
  ),
  // Layers: the domain is pure TypeScript and imports nothing of the app; lib, config and the
  // service worker serve the features and the shell, and import neither.
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-router*', 'firebase*', 'idb-keyval'],
              message: 'src/domain is pure TypeScript: no React, no browser storage, no Firebase.',
            },
            {
              regex: '^(\\.\\./)+(app|features|lib|config|sw)(/|$)',
              message: 'src/domain imports nothing of the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/config/**/*.ts', 'src/sw/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|features)(/|$)',
              message: 'lib, config and the service worker import no feature or app code.',
            },
          ],
        },
      ],
    },
  },
  // The Cloud Functions share the app's domain rules and the company's facts, and nothing of the
  // page: what both need moves down into src/domain (docs/architecture.md).
  {
    files: ['functions/src/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(app|features|lib|sw)(/|$)',
              message:
                'functions/src imports only src/domain and src/config; move what the page and a function share into src/domain.',
            },
            {
              group: [
                'react',
                'react-dom',
                'react-router*',
                'firebase',
                'firebase/*',
                'idb-keyval',
              ],
              message: 'functions/src runs on the server: no React, browser storage or web SDK.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'tests/**/*.ts', '*.config.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
