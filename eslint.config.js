import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The layers DESIGN §2 draws (imports flow one way: domain ← lib ← features ← pages ← routes/app), as
 * import-x restricted-path zones generated from the folder list, so a new feature is held at once.
 */
const root = path.resolve(import.meta.dirname);
const abs = (p) => path.join(root, p);
const FEATURES = readdirSync(abs('src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const ABOVE_LIB = ['src/features', 'src/pages', 'src/routes', 'src/app', 'src/main.tsx', 'src/sw'];
const layerZones = [
  {
    target: abs('src/domain'),
    from: [abs('src/lib'), abs('src/components'), ...ABOVE_LIB.map(abs), abs('server')],
    message: 'domain is pure and shared with the server: it imports nothing outside src/domain.',
  },
  { target: abs('src/lib'), from: [...ABOVE_LIB.map(abs), abs('src/components')], message: 'lib sits under features, pages and app.' },
  { target: abs('src/components'), from: ABOVE_LIB.map(abs), message: 'shared components sit under features, pages and app.' },
  {
    target: abs('src/features'),
    from: ['src/pages', 'src/routes', 'src/app', 'src/main.tsx'].map(abs),
    message: 'a feature never imports a page, a route or the app: register a hook from src/app instead.',
  },
  { target: abs('src/pages'), from: ['src/routes', 'src/app', 'src/main.tsx'].map(abs), message: 'pages sit under routes and the app.' },
  {
    target: abs('src/pages'),
    from: abs('src/features/**'),
    except: [abs('src/features/*/index.ts'), abs('src/features/*/index.tsx')],
    message: 'a page composes features through their index.ts, never their internals.',
  },
  ...FEATURES.map((feature) => ({
    target: abs(`src/features/${feature}`),
    from: abs('src/features/**'),
    except: [abs(`src/features/${feature}/**`), abs('src/features/*/index.ts'), abs('src/features/*/index.tsx')],
    message: 'another feature is imported through its index.ts, never its internals.',
  })),
  {
    target: abs('server'),
    from: ['src/lib', 'src/components', 'src/pages', 'src/routes', 'src/app', 'src/sw', 'src/features'].map(abs),
    message: 'the server imports only src/domain from the client tree.',
  },
];

/**
 * Services that still query inline (issue 24 point 4): each moves its SQL into a repository and leaves this
 * list; a new file never joins it. They were being changed by the administration slices when the rule came.
 */
const DRIZZLE_NOT_YET_MOVED = [
  'server/modules/auth/auth.service.ts',
  'server/modules/auth/lockout.ts',
  'server/modules/documents/documents.routes.ts',
  'server/modules/documents/letter-source.ts',
  'server/modules/notifications/email-digest.ts',
  'server/modules/password/password.service.ts',
  'server/modules/user/user.service.ts',
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.tmp', 'src/routeTree.gen.ts', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.sw.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*', 'tests/**/*.ts', '*.config.ts', 'bench/**/*'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Each Playwright worker has its own server (tests/e2e/fixtures.ts): a spec's tests must use that `test`.
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './fixtures': it gives each worker its own server and data.",
            },
          ],
        },
      ],
    },
  },
  {
    // Patient data must never reach a log: no console logging in the server.
    files: ['server/**/*.ts'],
    ignores: ['server/scripts/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // Repositories own the data (issue 24 point 4): in the server's modules only repositories
    // (`*.repository.ts`) and the SQL parts they compose (`*.sql.ts`) import drizzle or the tables' values;
    // services, routes and jobs call them. `server/db` and `server/lib` are the data layer's own plumbing.
    files: ['server/modules/**/*.ts'],
    ignores: ['server/modules/**/*.repository.ts', 'server/modules/**/*.sql.ts', 'server/modules/**/*.table.ts', ...DRIZZLE_NOT_YET_MOVED],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries live in a repository (*.repository.ts) of the module.' },
            {
              group: ['**/db/schema'],
              allowTypeImports: true,
              message: 'Tables are read and written by repositories (*.repository.ts); import their types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // One error catalogue (issue 24 point 3): a refusal is built from src/domain/contract/errors.ts, never by hand.
    files: ['server/**/*.ts'],
    ignores: ['server/lib/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message:
            "Build errors from the catalogue: appError('code', …) or appErrorVariant(…) from server/lib/errors.ts, with the code's row in src/domain/contract/errors.ts.",
        },
      ],
    },
  },
);
