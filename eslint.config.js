// @ts-check
/**
 * ESLint (flat config): JavaScript's and typescript-eslint's recommended rules on every source,
 * test, bench, demo and script file; Prettier owns layout, and `max-len` catches what it cannot
 * wrap (comments, strings) so that no line passes 120 characters.
 */
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'demo/dist/',
      'demo/dist-building/',
      'coverage/',
      'test-results/',
      'test/e2e/artifacts/',
      'bench/.cache/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Plain JavaScript: Node scripts, and pages the browser tests and benchmarks load.
    files: ['scripts/**/*.{js,mjs}', '*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['test/**/*.js', 'bench/**/*.js', 'demo/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The library's own code: no line over 120 characters, comments and strings included.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'max-len': ['error', { code: 120, tabWidth: 2 }],
    },
  },
);
