// @ts-check
import { defineConfig } from 'eslint/config';
import eslintPluginAstro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'dist/',
      '.builds/',
      '.astro/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
    ],
  },
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
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
    // Tests assert on `vi.fn()` methods of handles (`expect(handle.open)`), which is not a call.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  eslintPluginAstro.configs.recommended,
  {
    // Plain JS scripts and .astro templates are linted without type information.
    files: ['**/*.{js,mjs,cjs}', '**/*.astro'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
