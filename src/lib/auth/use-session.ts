import { useSyncExternalStore } from 'react';
import { subjectFromProfile } from '../../domain/access';
import { session } from './session';

export function useSession() {
  const state = useSyncExternalStore(session.subscribe, () => session.snapshot);
  return { ...state, subject: state.profile ? subjectFromProfile(state.profile) : null };
}
