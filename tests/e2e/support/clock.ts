import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLOCK_CONTROL_PATH, clockMoveAnswerSchema, SERVICE_KEY_HEADER, type ClockMove } from '@tapcard/shared/contract';
import type { RunningProduct } from './product.js';

/** What a product whose clock the journey moves starts with. */
export const MOVABLE_CLOCK = { CLOCK_CONTROL: 'on' } as const;

/**
 * Moves the clock of a product started with MOVABLE_CLOCK forward to `to` (nothing moves when it is
 * there already), then the product runs its periodic jobs once (due reminders, due scheduled messages)
 * and answers when they have ended: its new time, and the jobs it ran. Asked of the upstream directly
 * with the service key from the product's data folder, as the product's own commands do.
 */
export async function moveClockTo(product: RunningProduct, to: Date): Promise<ClockMove> {
  const key = readFileSync(join(product.dataDir, 'service-key'), 'utf8').trim();
  const ask = async (seconds: number) => {
    const res = await fetch(`${product.upstreamUrl}${CLOCK_CONTROL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_KEY_HEADER]: key },
      body: JSON.stringify({ advance_seconds: seconds }),
    });
    if (!res.ok) throw new Error(`the product's clock did not move (${res.status}): ${await res.text()}`);
    return clockMoveAnswerSchema.parse(((await res.json()) as { data: unknown }).data);
  };
  // A one-second move reads the product's time; the second move takes it the rest of the way.
  const read = await ask(1);
  const rest = Math.ceil((to.getTime() - new Date(read.now).getTime()) / 1000);
  return rest >= 1 ? ask(rest) : read;
}
