/**
 * A trust's structure (issue 25): departments and job types. The routes import their pages directly (each
 * loads with its route); other features link to them by route.
 */
export { departmentParam, EVERY_DEPARTMENT } from './links';
