import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CARD_TYPE, MAX_MINT, mintCards } from '../cli/mint-cards.js';
import { MAX_CHIPS_PER_RUN, mintChips } from '../cli/mint-chips.js';
import { LOCAL_COMMAND_PATHS } from '../cli/through-upstream.js';
import { thisMachineOnly as thisMachineOnlyFor } from '../lib/this-machine.js';

const mintCardsBody = z.object({ count: z.number().int().min(1).max(MAX_MINT), type: z.string().regex(CARD_TYPE) });
const mintChipsBody = z.object({ count: z.number().int().min(1).max(MAX_CHIPS_PER_RUN) });
const eventParams = z.object({ eventId: z.string().min(1).max(128) });

/**
 * The minting commands (`pnpm mint-cards`, `pnpm mint-chips`) through the running upstream. The
 * embedded database admits one process only, so while the upstream holds it a command asks the
 * upstream to mint instead of opening it (cli/through-upstream.ts). These routes exist only on the
 * embedded database (on PostgreSQL a command opens the database itself) and answer only a caller on
 * this machine that holds the service key (kept in DATA_DIR, where the commands read it too): a
 * loopback address with no forwarding header at all, so never a request that the gateway, a proxy or
 * a tunnel passed on. Anyone else gets the plain 404.
 */
export default async function localCommandRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.databaseUrl) return;

  const thisMachineOnly = thisMachineOnlyFor(app);

  app.post<{ Body: z.infer<typeof mintCardsBody> }>(LOCAL_COMMAND_PATHS.mintCards, { schema: { body: mintCardsBody }, preHandler: thisMachineOnly }, async (request) => {
    const cards = await mintCards(app.db, { ...request.body, publicUrl: app.config.publicUrl, now: app.now() });
    return { success: 'true', data: cards };
  });

  app.post<{ Params: z.infer<typeof eventParams>; Body: z.infer<typeof mintChipsBody> }>(
    LOCAL_COMMAND_PATHS.mintChips,
    { schema: { params: eventParams, body: mintChipsBody }, preHandler: thisMachineOnly },
    async (request) => {
      const chips = await mintChips(app.db, app.config, { eventId: request.params.eventId, count: request.body.count });
      return { success: 'true', data: chips };
    },
  );
}
