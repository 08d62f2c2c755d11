/**
 * A trust's structure (issue 25): departments and job types. The routes import their pages directly (each
 * loads with its route); other features link here through `structurePaths`.
 */
export { structurePaths, departmentParam, EVERY_DEPARTMENT } from './links';
