// Navigation links (`/vnwa/Link`): the header and footer menus (issue 17, decision 048). The schema and the
// defaults live in shared/navigation.ts (the back office checks its form with the one and resets to the others);
// this file gives them to the settings registry.
export { DEFAULT_NAVIGATION, navigationSchema, type Navigation } from '#shared/navigation.ts';
