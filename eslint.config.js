import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A rule refusing imports from the given folders of web/src, from the functions package (the
 * site takes only the contracts from there, functions/src/contracts/, by their alias) and from
 * scripts/ (what the site's build needs lives in web/build/), and matching `more` patterns.
 */
function restrictImports(folders, more = []) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...more,
          ...folders.map((folder) => ({
            group: [`**/${folder}/*`, `./${folder}/*`],
            message: `This folder may not import from web/src/${folder}/ (see ARCHITECTURE.md).`,
          })),
          {
            group: ['**/functions/*', '**/functions/**', '**/scripts/*', '**/scripts/**'],
            message:
              'The site imports nothing from functions/ but the contracts (@contracts/…), and nothing from scripts/.',
          },
        ],
      },
    ],
  };
}

/** The site's features (web/src/features/<name>/), each a folder. */
const features = readdirSync(new URL('web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * No feature imports another (ARCHITECTURE.md): in a feature's folder, an import that climbs
 * out of it into another feature's, or names one under features/, is refused. What two
 * features need lives in a shared folder.
 */
function featureBoundaries() {
  return features.map((feature) => {
    const others = features.filter((other) => other !== feature).join('|');
    const otherFeature = {
      regex: `^(\\.\\./)+(features/)?(${others})(/|$)`,
      message: `A feature imports no other feature: what ${feature}/ shares with another lives in a shared folder (ARCHITECTURE.md).`,
    };
    return {
      files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: restrictImports(['pages', 'app'], [otherFeature]),
    };
  });
}

/** The logger's imports, allowed in functions/src/log.ts alone. */
const loggerPaths = [
  { name: 'firebase-functions', importNames: ['logger'], message: 'Log through functions/src/log.ts.' },
  { name: 'firebase-functions/logger', message: 'Log through functions/src/log.ts.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/', '.tools/', 'web/dist/', 'functions/lib/', 'coverage/', 'emulator-data/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // `const { left, ...rest } = props` takes `left` out of what is passed on.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // No enum can be declared here (tsconfig.json's erasableSyntaxOnly refuses them) and no
      // dependency's enum is assigned to, yet the rule asks for the type of every assignment and
      // argument: 8–16 of lint's 92 CPU-seconds (two runs of each, side by side).
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
    },
  },
  // Every production module of the house stays small enough to read in one go, a component as
  // much as a function (ARCHITECTURE.md, "Sizes"); a table that reads better whole says why
  // beside its eslint-disable. Tests and test data aside.
  {
    files: [
      'functions/src/**/*.ts',
      'web/src/**/*.{ts,tsx}',
      'web/build/**/*.ts',
      'web/offline/**/*.ts',
      'scripts/**/*.ts',
      'e2e/**/*.ts',
      'tests/support/**/*.ts',
      'artwork/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts', 'functions/src/**/*-samples.ts'],
    rules: {
      'max-lines': ['error', { max: 350 }],
      'max-lines-per-function': ['error', { max: 60 }],
      complexity: ['error', 12],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  // Import boundaries of the site (ARCHITECTURE.md): shared code (components, hooks, config,
  // texts, head, utils, the visit's memory) does not reach into features, pages or the app's
  // wiring; a feature does not reach into another feature, pages or the wiring; a page does not
  // reach into the wiring. Only the entry points and the test renderer import app/. From
  // functions/ the site imports the contracts only (@contracts/…), from scripts/ nothing.
  { files: ['web/**/*.{ts,tsx}'], rules: restrictImports([]) },
  {
    files: ['web/src/{components,hooks,config,firebase,locales,seo,utils,visit}/**/*.{ts,tsx}'],
    rules: restrictImports(['features', 'pages', 'app']),
  },
  ...featureBoundaries(),
  // A page takes a feature's top-level modules; the feature's folders (api/, search/, signals/,
  // views/, …) are its own. One index per feature would be the tidier door, but the bundler cuts
  // its parts by the import graph: through an index, the help page's search and Contact Us's
  // suggestions became script parts of their own, one more request on each first visit.
  {
    files: ['web/src/pages/**/*.{ts,tsx}'],
    rules: restrictImports(
      ['app'],
      [
        {
          regex: '(^|/)features/[^/]+/[^/]+/',
          message:
            "A page imports a feature's top-level modules only: its folders are the feature's own (ARCHITECTURE.md).",
        },
      ],
    ),
  },
  // The page's language has one owner (locales/language.tsx): components read it with
  // useLanguage() and change it with switchLanguage, never through i18next's instance.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/locales/**', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(language|resolvedLanguage|languages|changeLanguage)$/][object.name=/^i18n/i]',
          message:
            'Read the language with useLanguage() and change it with switchLanguage (web/src/locales/language.tsx).',
        },
      ],
    },
  },
  // The contracts (functions/src/contracts/) are imported by the site, the functions, the scripts
  // and the tests alike: they import nothing but valibot and each other.
  {
    files: ['functions/src/contracts/**/*.ts'],
    ignores: ['functions/src/contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|\\./)',
              message: 'A contract imports nothing but valibot and the other contracts (see ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The functions log through one module: functions/src/log.ts holds every event's words and
    // keeps what a visitor or member wrote out of the log.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/log.ts', 'functions/src/contracts/**'],
    rules: { 'no-restricted-imports': ['error', { paths: loggerPaths }] },
  },
  {
    // The kinds of email beside the contact pipeline (the weekly report, a deletion's
    // confirmation) send through the email platform only, never through the pipeline's modules.
    files: ['functions/src/help-report/**/*.ts', 'functions/src/account-deletion/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: loggerPaths,
          patterns: [
            {
              regex: '(^|/)contact-pipeline/',
              message:
                'Send through the email platform (functions/src/email/), not the contact pipeline (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The email platform stands under every kind of email: it imports itself, the contracts and
    // the log, nothing of a kind (ARCHITECTURE.md).
    files: ['functions/src/email/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-samples.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: loggerPaths,
          patterns: [
            {
              regex: '^\\.\\./(?!contracts/|log\\.js$)',
              message: 'The email platform imports only itself, the contracts and the log (ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts', 'scripts/**/*.ts', 'artwork/**/*.ts', 'tests/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // @firebase/rules-unit-testing hands out compat Firestore instances, which the modular
    // API accepts by design (its documented usage).
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-class-instance-assignment': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  // Scripts served to the browser under test (a stand-in for a script these machines cannot fetch).
  { files: ['e2e/support/*.js'], languageOptions: { globals: globals.browser, sourceType: 'script' } },
);
