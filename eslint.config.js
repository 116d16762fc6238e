import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noImportFrom = (...dirs) =>
  dirs.flatMap((dir) => [`**/${dir}/**`, `../${dir}/*`, `../../${dir}/*`, `../../../${dir}/*`]);

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One-way dependencies: machines know nothing of React or the server; the client never
  // reaches into the server; the contract depends on nothing of ours.
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: noImportFrom('src', 'server'),
              message: 'machines/ stays free of views and server code.',
            },
            { group: ['react', 'react-dom', '@xstate/react'], message: 'No React in machines/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: noImportFrom('server'), message: 'The client never imports server code.' },
          ],
        },
      ],
    },
  },
  // Zones, one way: shared (src/components, src/lib) -> features -> app. A feature
  // (src/features/<flow>, the views of machines/<flow>) never reaches into another feature nor
  // into the app; what two features share lives in src/components (views) or src/lib (plumbing,
  // the actor system they read). Shared code depends on no feature and not on the app.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features stay apart: move what both need to src/components or src/lib.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message:
                'Features never import the app: move what they need to src/lib or the feature.',
            },
            {
              target: ['./src/components', './src/lib'],
              from: ['./src/features', './src/app'],
              message: 'Shared code depends on no feature and not on the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: noImportFrom('src', 'server', 'machines'),
              message: 'The contract depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
);
