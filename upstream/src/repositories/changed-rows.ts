import type { OperandValueExpressionOrList, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

/** The tables whose rows are stamped with their event's change counter (domain/event-sequence.ts). */
type Stamped = 'chats' | 'private_chats' | 'chips' | 'chat_reports' | 'announcements';

/** Narrows a query to the event's rows stamped in (since, version], oldest change first. */
export function changedWithin(eventId: string, bounds: { since: number; version: number }) {
  return <TB extends Stamped, O>(query: SelectQueryBuilder<Database, TB, O>): SelectQueryBuilder<Database, TB, O> => {
    type Seq = OperandValueExpressionOrList<Database, TB, 'seq'>;
    return query
      .where('event_id', '=', eventId as OperandValueExpressionOrList<Database, TB, 'event_id'>)
      .where('seq', '>', bounds.since as Seq)
      .where('seq', '<=', bounds.version as Seq)
      .orderBy('seq');
  };
}

/** Narrows a query to the event's newest `limit` rows stamped up to `version`, newest first. */
export function newestUpTo(eventId: string, version: number, limit: number) {
  return <TB extends Stamped, O>(query: SelectQueryBuilder<Database, TB, O>): SelectQueryBuilder<Database, TB, O> =>
    query
      .where('event_id', '=', eventId as OperandValueExpressionOrList<Database, TB, 'event_id'>)
      .where('seq', '<=', version as OperandValueExpressionOrList<Database, TB, 'seq'>)
      .orderBy('seq', 'desc')
      .limit(limit);
}
