// Lint rules: TypeScript's recommended set, the rules of hooks, and one translation hook.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const translationHook = {
  name: 'react-i18next',
  importNames: ['useTranslation'],
  message: "Use useTranslation from '#app/lib/use-translation.ts' (cheaper on the server).",
};
const betterAuth = {
  group: ['better-auth', 'better-auth/*'],
  message: 'Go through server/domain/auth/better-auth.adapter.ts.',
};
const noApp = {
  regex: '^#app/',
  message: 'The server does not import the app: move what both need to #shared.',
};
const noServer = {
  regex: '^#server/',
  message: 'The app does not import the server: move what both need to #shared.',
};
const resourceTypesOnly = {
  regex: '^#shared/resources/',
  allowTypeImports: true,
  message:
    'Import only types from #shared/resources in the app: their zod schemas would ship in the pages.',
};
const noHttp = {
  regex: '^(#server/http/|(\\.\\./)+http/)',
  message:
    'Services do not know HTTP: throw a DomainError (server/domain/errors.ts); server/http/errors.ts maps it.',
};
const restrictImports = (...patterns) => ['error', { paths: [translationHook], patterns }];

export default tseslint.config(
  {
    ignores: [
      'build',
      'data',
      '.react-router',
      'node_modules',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Route modules reach the services only through withAccess (decision 022): a loader or action that read the
    // load context itself would skip the access check.
    files: ['app/root.tsx', 'app/routes/**/*.tsx', 'app/layouts/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='services']",
          message:
            'Take the services from withAccess (app/lib/access.server.ts), not the load context.',
        },
        {
          selector: "ObjectPattern > Property[key.name='context']",
          message:
            'Loaders and actions take their services from withAccess, not from the load context.',
        },
        {
          selector: 'ExportNamedDeclaration > FunctionDeclaration[id.name=/^(loader|action)$/]',
          message: "Export `const loader = withAccess('<access>', ...)` so the access is declared.",
        },
      ],
    },
  },
  // Imports between layers (decision 038): the server never imports the app, the app never the server, and #shared
  // neither; Better Auth is reached through one adapter, so the accounts services take plain values (user id, session
  // id) and never see its API, its errors or a request's cookies; services (server/domain) never import the HTTP
  // layer: they throw domain errors, which server/http/errors.ts maps to statuses. A later block's options replace
  // an earlier one's, so each block lists every restriction for its files.
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports(betterAuth) },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(betterAuth, noApp) },
  },
  {
    files: ['server/domain/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(betterAuth, noApp, noHttp) },
  },
  {
    files: ['server/domain/auth/auth.ts', 'server/domain/auth/better-auth.adapter.ts'],
    rules: { 'no-restricted-imports': restrictImports(noApp, noHttp) },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports(betterAuth, noServer, resourceTypesOnly) },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(betterAuth, noApp, noServer) },
  },
);
