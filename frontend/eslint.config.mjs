// ESLint flat config: rules only (formatting is prettier's, `npm run format:check`); eslint-config-prettier turns
// off every rule prettier owns, so the two never disagree.
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'src/api/openapi.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  // TypeScript itself checks undefined names in .ts and .vue
  { files: ['**/*.ts', '**/*.vue'], rules: { 'no-undef': 'off' } },
  // Node scripts that also run code in the browser page (page.evaluate)
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
)
