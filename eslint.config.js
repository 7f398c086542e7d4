// @ts-check
/**
 * ESLint (design.md "Strict and checked"): typescript-eslint with type information on every
 * TypeScript file, the React hooks rules, and jsx-a11y's recommended accessibility rules on JSX.
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/', '.builds/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // `const { field: _field, ...rest } = value` is the idiomatic way to drop a field.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    rules: {
      // Tailwind's preflight removes list markers, and Safari then drops the list semantics of
      // <ul>/<ol>; an explicit role="list" restores them for VoiceOver.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
    },
  },
  {
    // Tests assert on `vi.fn()` methods of handles (`expect(handle.open)`), which is not a call.
    files: ['tests/**/*.ts'],
    // `expect.any(Number)` and friends are typed `any` by design.
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Playwright reads fixture names from the first parameter: `({}, testInfo)` is its idiom.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // Plain JS config files are linted without type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
