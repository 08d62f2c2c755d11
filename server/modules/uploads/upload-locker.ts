import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Db } from '../../db/client';
import { askToLetGo, dropLease, forgetExpiredLeases, renewLease, tryTakeLease } from './upload-locks.repository';

export interface UploadLockTimings {
  /** How long a lease lasts without renewal: a crashed process's lock frees itself after this. */
  leaseMs: number;
  /** How often a holder renews its lease and looks for a request to let go. */
  beatMs: number;
  /** How long a request waits for the lock before it answers 500 (tus: ERR_LOCK_TIMEOUT). */
  waitMs: number;
}

const DEFAULT_TIMINGS: UploadLockTimings = { leaseMs: 15_000, beatMs: 1_000, waitMs: 30_000 };
const RETRY_MS = 100;

/**
 * tus's per-upload lock, shared by every API process through the database, so requests for one upload
 * need not stick to one process (with S3 storage any process can serve them). As tus asks, a request
 * that wants a held lock asks the holder to let go: at once when the holder is in this process, else
 * through the row, which the holder reads on its next renewal.
 */
export class DbUploadLocker implements Locker {
  /** Locks held by this process, so a request here can ask a holder here to let go at once. */
  readonly heldHere = new Map<string, { holder: string; requestRelease: RequestRelease }>();

  constructor(
    readonly db: Db,
    readonly timings: UploadLockTimings = DEFAULT_TIMINGS,
  ) {}

  newLock(id: string): Lock {
    return new DbUploadLock(id, this);
  }

  /** Forgets leases that ran out long ago (left by processes that crashed); returns how many. */
  async forgetExpired(): Promise<number> {
    return forgetExpiredLeases(this.db);
  }
}

class DbUploadLock implements Lock {
  private readonly holder = randomUUID();
  private beat: NodeJS.Timeout | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: DbUploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timings.waitMs;
    for (;;) {
      if (await this.tryAcquire()) {
        this.locker.heldHere.set(this.id, { holder: this.holder, requestRelease });
        this.keepAlive(requestRelease);
        return;
      }
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.askHolderToLetGo();
      await sleep(RETRY_MS);
    }
  }

  async unlock(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    if (this.locker.heldHere.get(this.id)?.holder === this.holder) this.locker.heldHere.delete(this.id);
    await dropLease(this.locker.db, this.id, this.holder);
  }

  /** Takes the lock if it is free or its lease has run out. */
  private async tryAcquire(): Promise<boolean> {
    return tryTakeLease(this.locker.db, this.id, this.holder, this.locker.timings.leaseMs);
  }

  private async askHolderToLetGo(): Promise<void> {
    const here = this.locker.heldHere.get(this.id);
    if (here) await here.requestRelease();
    else await askToLetGo(this.locker.db, this.id);
  }

  /** Renews the lease while the request runs; lets go when asked, or when the lease was lost. */
  private keepAlive(requestRelease: RequestRelease) {
    let asked = false;
    this.beat = setInterval(() => {
      void renewLease(this.locker.db, this.id, this.holder, this.locker.timings.leaseMs)
        .then((releaseRequested) => {
          if (asked || releaseRequested === false) return;
          asked = true;
          return requestRelease();
        })
        .catch(() => {});
    }, this.locker.timings.beatMs);
    this.beat.unref();
  }
}
