// Lint rules: TypeScript's recommended set, the rules of hooks, and one translation hook.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const translationHook = {
  name: 'react-i18next',
  importNames: ['useTranslation'],
  message: "Use useTranslation from '#app/lib/use-translation.ts' (cheaper on the server).",
};

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
      'no-restricted-imports': ['error', { paths: [translationHook] }],
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
  {
    // Better Auth is reached through one adapter: the accounts services take plain values (user id, session id)
    // and never see its API, its errors or a request's cookies. (A later block's options replace, not extend.)
    files: ['**/*.{ts,tsx}'],
    ignores: ['server/domain/auth/auth.ts', 'server/domain/auth/better-auth.adapter.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [translationHook],
          patterns: [
            {
              group: ['better-auth', 'better-auth/*'],
              message: 'Go through server/domain/auth/better-auth.adapter.ts.',
            },
          ],
        },
      ],
    },
  },
);
