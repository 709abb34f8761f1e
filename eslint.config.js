// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-builds/**', 'data/**', '**/.cache/**', '**/*.d.ts', 'coverage/**', 'packages/docgen/test/fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='App'][property.name='useApp']",
          message: 'antd 的 <App> 未挂载（它会把 Modal/Form 带进每个页面的首屏）：提示用 notify，对话框用 Modal.useModal()。',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dayjs', allowTypeImports: true, message: '从 @/utils/dayjs 导入 dayjs（它加载中文语言包；首页不带 dayjs）。' },
            { name: 'antd', importNames: ['DatePicker'], message: '从 @/components/DatePicker 导入 DatePicker（它加载 dayjs 的中文语言包）。' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/utils/dayjs.ts', 'apps/web/src/components/DatePicker.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
