import { z } from 'zod';

/**
 * Path parameters that are credentials: whoever holds the value acts or reads as its owner (an
 * attendee's access token, an order's reference). The contract marks them on its path-parameter
 * schemas with credential(); request logs redact every marked parameter of every call, and pages at
 * such URLs are never cached (secrets.ts), so a new call is covered by its schema, not by a list.
 */
const credentials = z.registry<{ credential: true }>();

export function credential<T extends z.ZodType>(schema: T): T {
  credentials.add(schema, { credential: true });
  return schema;
}

export function isCredential(schema: unknown): boolean {
  return schema instanceof z.ZodType && credentials.has(schema);
}

const secretText = () => credential(z.string().min(1).max(128));

/** An attendee's access token (tid), as the attendee's calls carry it in their path. */
export const tidParam = z.object({ id: secretText() });

/**
 * An access token that may belong to a cancelled ticket: only the cancel step reads by it (what became
 * of the ticket and its refund). The access policy knows confirmed attendees only, so a call with this
 * parameter acts as nobody at the event and opens nothing but that state.
 */
export const ticketStateParam = z.object({ id: secretText() });

/** An order's reference: it opens the order's name, phone and address. */
export const referenceParam = z.object({ reference: secretText() });
