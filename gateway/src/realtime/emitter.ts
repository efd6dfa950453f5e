import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@tapcard/shared/realtime';
import type { Metrics } from '../metrics.js';
import { rooms } from './rooms.js';
import type { Addressed } from './updates.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export interface SocketData {
  /** The handshake's bearer token ('Bearer xyz'), when the client sent one. */
  token: string | undefined;
  /** The client's address, as request.ip would be for its HTTP requests. */
  address: string;
}
/** Between gateway instances (through the Redis adapter). */
export interface InterServerEvents {
  /** Some session may have ended: check organiser subscriptions again. */
  recheckOrganisers: () => void;
  /** A staff link was revoked: end every door subscription opened with it. */
  staffLinkRevoked: (linkId: string) => void;
}

/**
 * 'cluster': this instance holds the event's lease and reaches every instance's sockets (through the
 * Redis adapter when there is one). 'local': Redis is away, so this instance serves only its own.
 */
export type EmitMode = 'cluster' | 'local';

export class Emitter {
  constructor(
    private readonly io: RealtimeServer,
    private readonly metrics: Metrics,
  ) {}

  update({ room, except, update }: Addressed, mode: EmitMode): void {
    const to = this.target(mode).to(room);
    (except === undefined ? to : to.except(except)).emit('update', update);
    this.metrics.updatesEmitted.inc({ scope: update.scope });
  }

  status(eventId: string, stale: boolean, mode: EmitMode): void {
    this.target(mode).to([rooms.event(eventId), rooms.door(eventId)]).emit('status', { eventId, stale });
  }

  private target(mode: EmitMode) {
    return mode === 'local' ? this.io.local : this.io;
  }
}
