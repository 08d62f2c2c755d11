import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router';
import { installErrorEffects } from './app/error-effects';
import { afterFirstRender } from './app/after-first-render';
import { warmHttp } from './lib/api/client';
import './styles.css';

installErrorEffects();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// The outbox (Dexie, tus), the interrupted-recordings check and the worker load after the first page is
// on screen, on every start (DESIGN §7); so does the HTTP library, ready before the first form is sent.
afterFirstRender(router, () => {
  warmHttp();
  void import('./app/background').then((m) => m.startBackgroundWork());
});
