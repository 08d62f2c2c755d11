import './app/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { router, queryClient } from './app/router';
import { installErrorEffects } from './app/error-effects';
import { afterFirstRender } from './app/after-first-render';
import './styles.css';

installErrorEffects();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// The outbox (Dexie, tus), the interrupted-recordings check and the worker load after the first page is
// on screen, on every start (DESIGN §7).
afterFirstRender(router, () => void import('./app/background').then((m) => m.startBackgroundWork()));
