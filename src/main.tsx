import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { router, queryClient } from './app/router';
import { installErrorEffects } from './app/error-effects';
import { registerServiceWorker } from './app/service-worker';
import { markInterruptedRecordings } from './lib/recordings/recording-store';
import { startOutboxTriggers } from './lib/sync/triggers';
import './styles.css';

installErrorEffects();
registerServiceWorker();
// Recordings cut off by a crash or a closed tab are kept and offered; queued work is sent.
void markInterruptedRecordings().finally(startOutboxTriggers);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
