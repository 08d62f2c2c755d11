/**
 * Trusts and sites (issue 25): the routes import the trusts pages directly (each loads with its route); the
 * trust configuration page shows the Sites section from here.
 */
export { SitesSection } from './sites-section';
