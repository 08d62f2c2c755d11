import { lazy } from 'react';

/** Stuck letters (spec §2): the managers' notice above the list, loaded with its first showing. */
export const StuckNotice = lazy(() => import('./stuck-notice'));
