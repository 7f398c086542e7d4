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
  eslintPluginAstro.configs.recommended,
  {
    // Plain JS scripts and .astro templates are linted without type information.
    files: ['**/*.{js,mjs,cjs}', '**/*.astro'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
