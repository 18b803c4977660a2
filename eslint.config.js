import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A rule refusing imports from the given folders of web/src. */
function restrictImports(folders) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: folders.map((folder) => ({
          group: [`**/${folder}/*`, `./${folder}/*`],
          message: `This folder may not import from web/src/${folder}/ (see ARCHITECTURE.md).`,
        })),
      },
    ],
  };
}

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
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  // Import boundaries of the site (ARCHITECTURE.md): shared code (components, hooks, config,
  // texts, head, utils) does not reach into features, pages or the app's wiring; a feature does not
  // reach into pages or the wiring; a page does not reach into the wiring. Only the entry
  // points and the test renderer import app/.
  {
    files: ['web/src/{components,hooks,config,firebase,locales,seo,utils}/**/*.{ts,tsx}'],
    rules: restrictImports(['features', 'pages', 'app']),
  },
  { files: ['web/src/features/**/*.{ts,tsx}'], rules: restrictImports(['pages', 'app']) },
  { files: ['web/src/pages/**/*.{ts,tsx}'], rules: restrictImports(['app']) },
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
);
