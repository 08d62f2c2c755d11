import { lazy } from 'react';

/**
 * The main layout (top bar, recording tabs, sync panel) is a chunk of its own: sign-in pages never load
 * it, signed-in pages fetch it beside their route's chunk (DESIGN §7).
 */
export const loadMainLayout = () => import('./components/main-layout');

export const MainLayout = lazy(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));
