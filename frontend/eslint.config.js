import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { configs as tseslintConfigs } from 'typescript-eslint';

// Each feature may use shared code but never another feature: what two features share moves to
// src/components, src/hooks or src/lib. The afspraken are the one exception: their bar, week and
// references appear inside the messages, the profiles and the dashboard, which import them from
// src/features/appointments, while that folder imports no other feature. The zones are derived
// from the folders so that a new feature is covered without editing this file.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const EMBEDDED_FEATURE = 'appointments';

const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except:
    feature === EMBEDDED_FEATURE ? [`./${feature}`] : [`./${feature}`, `./${EMBEDDED_FEATURE}`],
  message: 'Features do not import each other (except the afspraken); compose them in src/app.',
}));

export default defineConfig(
  globalIgnores([
    'dist',
    'dist-*',
    'node_modules',
    'test-results',
    'playwright-report',
    'e2e-artifacts',
    'src/lib/api/openapi.d.ts',
    // Reads the untyped OpenAPI document; its output is typed and checked.
    'scripts/gen-vocabulary.mjs',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [
      js.configs.recommended,
      tseslintConfigs.strictTypeChecked,
      tseslintConfigs.stylisticTypeChecked,
      importPlugin.flatConfigs.recommended,
      importPlugin.flatConfigs.typescript,
    ],
    languageOptions: {
      ecmaVersion: 2023,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      'import/resolver': {
        typescript: { project: ['./tsconfig.app.json', './tsconfig.node.json'] },
        node: true,
      },
      // Modules a Vite plugin makes while building (vite-plugin-pwa's registration).
      'import/core-modules': ['virtual:pwa-register'],
    },
    rules: {
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import/no-default-export': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: { globals: globals.browser },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: './src/features',
              from: './src/app',
              message: 'Features are composed by src/app, never the other way round.',
            },
            {
              target: [
                './src/components',
                './src/config',
                './src/hooks',
                './src/lib',
                './src/testing',
              ],
              from: ['./src/features', './src/app'],
              message: 'Shared code does not depend on features or on the app.',
            },
            {
              target: './src/lib',
              from: './src/components',
              message:
                'src/lib holds data, state and rules without UI; what draws something lives in src/components.',
            },
          ],
        },
      ],
      // Modules that import each other in a circle are loaded half-initialised in one order or the
      // other; what both need moves into a module of its own.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'User text is rendered as text (docs/security.md G1).',
        },
      ],
    },
  },
  {
    // Tool configuration files are loaded by their tools through a default export.
    files: ['*.config.{ts,js}', 'e2e/global-teardown.ts'],
    rules: { 'import/no-default-export': 'off' },
  },
  {
    files: ['*.config.{ts,js}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // Plain scripts the service worker loads as they are (importScripts): no module, no types.
    files: ['public/**/*.js'],
    extends: [tseslintConfigs.disableTypeChecked],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
);
