/**
 * Users administration (issue 25): the /users list, the invitation and edit pages, the CSV import. The
 * routes import their pages directly (each loads with its route); other features link to them by route.
 */
export { StateBadges } from './controls';
