import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router';
import { installErrorEffects } from './app/error-effects';
import { setSessionEffects } from './lib/auth/session';
import { afterFirstRender } from './app/after-first-render';
import { warmHttp } from './lib/api/client';
import './styles.css';

installErrorEffects();
setSessionEffects(() => import('./app/session-effects'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// After the first page is on screen (DESIGN §7): the HTTP library, ready before the first form is sent,
// and in idle time the worker; the outbox (Dexie, tus) and the interrupted-recordings check too, except
// on a device with nothing stored, where they wait for a sign-in (start-when-ready.ts).
afterFirstRender(router, () => {
  warmHttp();
  void import('./app/start-when-ready').then((m) => m.startAfterFirstRender(router));
});
