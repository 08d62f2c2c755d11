import type { LoginResponse, UserProfile } from '../../domain/contract';
import { subjectFromProfile, type AccessSubject } from '../../domain/access';
import { apiCall, setAccessToken } from '../api/client';
import { HttpError } from '../api/errors';
import { keyStore, TOKEN_KEY } from '../db/keys';
import { knownSignedOut, noteNoSession, noteSessionMayExist } from './session-hint';

/**
 * The device store (Dexie), the outbox and the account endpoints (with zod) load when a session needs
 * them, not with the sign-in page (DESIGN §7: nothing heavy in the entry). The endpoints come through
 * session-schemas.ts only: a static import of the table would put zod in the first load.
 */
const secureStore = () => import('../crypto/secure-store');
const schemas = () => import('./session-schemas');

/**
 * What the features do when a user is signed in, or before one signs out. lib never imports a feature, so
 * src/app gives the session a loader of its effects at boot (src/app/session-effects.ts), loaded only when
 * they run (the sign-in page stays light). A failing effect stops neither the sign-in nor the sign-out.
 */
export interface SessionEffects {
  signedIn(subject: AccessSubject): Promise<void>;
  signingOut(): Promise<void>;
}
let effects: (() => Promise<SessionEffects>) | undefined;
export const setSessionEffects = (load: () => Promise<SessionEffects>) => void (effects = load);

/** Work paused by an ended session goes on once the user is signed in again. */
async function onSignedIn(subject: AccessSubject): Promise<void> {
  const { resumePaused } = await import('../sync/outbox');
  await resumePaused();
  const { requestSync } = await import('../sync/triggers');
  void requestSync();
  void effects?.()
    .then((e) => e.signedIn(subject))
    .catch(() => {});
}

const PROFILE_KEY = 'profile';

export interface SessionState {
  token: string | null;
  profile: UserProfile | null;
  /** The profile comes from this device's encrypted copy because the server could not be reached. */
  offline: boolean;
}

type Listener = () => void;

/**
 * The signed-in user as the app knows it: token in IndexedDB (the service worker reads it too),
 * profile from the server, or from its encrypted copy when offline.
 */
class Session {
  private state: SessionState = { token: null, profile: null, offline: false };
  private listeners = new Set<Listener>();
  ready: Promise<void>;
  /** The device said it had no session when the app started (session-hint.ts): sign-in pages need not wait. */
  readonly startsSignedOut = knownSignedOut();

  constructor() {
    this.ready = this.load();
  }

  get snapshot(): SessionState {
    return this.state;
  }

  get subject(): AccessSubject | null {
    return this.state.profile ? subjectFromProfile(this.state.profile) : null;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<SessionState>) {
    this.state = { ...this.state, ...next };
    this.listeners.forEach((l) => l());
  }

  private async load(): Promise<void> {
    const stored = await keyStore.get<string>(TOKEN_KEY).then(
      (value) => ({ token: value ?? null }),
      () => null, // unreadable: no session this start, and no word on the hint either
    );
    const token = stored?.token ?? null;
    if (!token) {
      if (stored) noteNoSession();
      return;
    }
    noteSessionMayExist(); // a device updated from a version without the hint
    void secureStore(); // their chunks load while the token is set up
    void schemas();
    setAccessToken(token);
    this.set({ token });
    await this.refresh();
  }

  /**
   * Fetches the profile. A 401 ends the session (the catalogue wipes the device). Any other failure
   * (offline, server down, maintenance) falls back to the encrypted copy kept on this device.
   */
  async refresh(): Promise<void> {
    const { accountEndpoints: E, userProfileSchema } = await schemas();
    try {
      const { data } = await apiCall(E.user, { call: 'user' });
      await (await secureStore()).putSecure(PROFILE_KEY, data);
      this.set({ profile: data, offline: false });
      const subject = subjectFromProfile(data);
      if (!subject.needsPin) await onSignedIn(subject);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        // Guards wait on this: nothing renders for the old user while their data is being wiped.
        await this.endLocally();
        return;
      }
      const cached = userProfileSchema.safeParse(await (await secureStore()).getSecure<UserProfile>(PROFILE_KEY));
      this.set({ profile: cached.success ? cached.data : null, offline: true });
    }
  }

  /** Shows this profile at once (an optimistic preference save, or putting it back); the next `refresh` stores the server's. */
  showProfile(profile: UserProfile | null): void {
    if (profile) this.set({ profile });
  }

  async login(email: string, password: string): Promise<LoginResponse> {
    const { accountEndpoints: E } = await schemas();
    const res = await apiCall(E.login, { json: { email, password }, quiet: true });
    noteSessionMayExist();
    await keyStore.set(TOKEN_KEY, res.access_token);
    setAccessToken(res.access_token);
    this.set({ token: res.access_token });
    await this.refresh();
    return res;
  }

  /** Spec §4 point 5: tell the server, clear stored data, go to login with a fresh page. */
  async logout(): Promise<void> {
    if (this.state.token) {
      await effects?.()
        .then((e) => e.signingOut())
        .catch(() => {});
      const { accountEndpoints: E } = await schemas();
      await apiCall(E.logout, { quiet: true }).catch(() => {});
    }
    await this.endLocally('all');
  }

  private ending: Promise<void> | null = null;

  /**
   * After a 401 (`keep-unsent`: recordings not yet on the server stay, encrypted, until the next
   * sign-in) or at logout (`all`). Runs once however often it is asked.
   */
  endLocally(mode: 'all' | 'keep-unsent' = 'keep-unsent'): Promise<void> {
    this.ending ??= (async () => {
      const { wipeLocalData } = await import('./wipe');
      await wipeLocalData(mode);
      noteNoSession();
      this.set({ token: null, profile: null, offline: false });
      window.location.assign('/login');
    })();
    return this.ending;
  }
}

export const session = new Session();
