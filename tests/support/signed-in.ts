import { test } from '@playwright/test';
import { routes } from '../../src/app/routes';

/** Browser storage of the seeded demo user, signed in once by tests/auth.setup.ts. */
export const signedInState = 'playwright/.auth/demo-user.json';

/** `test` for the signed-in screens, as the demo user. */
export const signedInTest = test.extend({ storageState: signedInState });

/** The route table split by who may see each screen, with the browser state each group needs. */
export const routeGroups = [
  { name: 'open routes', routes: routes.filter((route) => !route.requiresAuth), use: {} },
  {
    name: 'signed-in routes',
    routes: routes.filter((route) => route.requiresAuth),
    use: { storageState: signedInState },
  },
];

/**
 * Wizard steps that need a draft open the type screen when there is none (tests/wizard.spec.ts
 * checks them with a draft).
 */
export const landsWithoutDraft: Readonly<Record<string, string>> = {
  '/QR_Content': '/QR_Type',
  '/QR_Design': '/QR_Type',
};
