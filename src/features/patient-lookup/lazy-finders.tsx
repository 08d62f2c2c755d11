import { lazy, Suspense, useState } from 'react';
import type { AppointmentFinderProps } from './appointment-finder';
import type { PatientFinderProps } from './patient-finder';

const LazyPatientFinder = lazy(() => import('./patient-finder'));
const LazyAppointmentFinder = lazy(() => import('./appointment-finder'));

/** Mounts the finder once it has been opened, then keeps it (so it can close the way it opened). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function PatientFinder(props: PatientFinderProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyPatientFinder {...props} />
    </Suspense>
  );
}

export function AppointmentFinder(props: AppointmentFinderProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyAppointmentFinder {...props} />
    </Suspense>
  );
}
