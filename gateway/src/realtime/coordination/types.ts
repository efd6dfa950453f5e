import { writtenMessageSchema } from '@tapcard/shared/contract';
import { z } from 'zod';
import { eventStateSchema } from '../state.js';

/**
 * What instances share: the per-event poll lease, the last state of each event, and pokes (a write
 * went through some instance's proxy: the lease holder emits the message it carried, or polls at once). Redis across instances;
 * in memory for a single process.
 */

export const storedStateSchema = z.object({ state: eventStateSchema, stale: z.boolean() });
export type StoredState = z.infer<typeof storedStateSchema>;

export const pokeSchema = z.object({
  eventId: z.string().min(1).max(128),
  /** When the write was answered (ms since epoch), for the write-to-emit lag. */
  at: z.number().int().nonnegative(),
  from: z.string().max(64),
  /** The stored message the write's answer carried: the lease holder emits it at once when it is the event's next change. */
  written: writtenMessageSchema.optional(),
});
export type Poke = z.infer<typeof pokeSchema>;

export type SaveWhen = 'not-older' | 'absent' | 'replace';

export type AcquireResult = 'acquired' | 'held' | 'error';
export type RenewResult = 'renewed' | 'lost' | 'error';

export interface Coordination {
  /** False for the in-memory version: this process is the only poller. */
  readonly distributed: boolean;
  readonly instanceId: string;
  acquire(eventId: string): Promise<AcquireResult>;
  renew(eventId: string): Promise<RenewResult>;
  /** Drops the lease when this instance holds it. Never throws. */
  release(eventId: string): Promise<void>;
  /** The lease holder, null when nobody holds it, undefined when it cannot be read. */
  holder(eventId: string): Promise<string | null | undefined>;
  /**
   * Stores an event's state. 'not-older' (the default): unless a newer one is stored, so that a store
   * still in flight when the lease moved cannot take the shared state back; 'absent': never replaces
   * one a leader stored; 'replace': always (the upstream's version went backwards). Never throws.
   */
  saveState(eventId: string, stored: StoredState, when?: SaveWhen): Promise<void>;
  /** The stored state, null when there is none, undefined when it cannot be read. */
  loadState(eventId: string): Promise<StoredState | null | undefined>;
  /** Tells the other instances; never throws. */
  publishPoke(poke: Poke): Promise<void>;
  onPoke(handler: (poke: Poke) => void): void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
