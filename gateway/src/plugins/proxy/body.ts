import { Readable } from 'node:stream';

/**
 * A request body read in full (within the route's limit) before anything reaches the upstream, handed
 * to the proxy as a stream so its bytes and Content-Type (multipart boundary included) pass unchanged.
 */
export class BufferedBody extends Readable {
  private sent = false;

  constructor(readonly bytes: Buffer) {
    super();
  }

  override _read(): void {
    if (this.sent) return;
    this.sent = true;
    this.push(this.bytes);
    this.push(null);
  }
}
