import type { CardField } from '@tapcard/shared/contract';
import { quickLinkContent } from '@tapcard/shared/rules';
import { ApiError } from '../../lib/api.js';
import { TEXTS } from './texts.js';

/**
 * Quick links that stop the card from saving: a stored link that fails its type's rule (saved before
 * the rule existed), or a link a save-card answer named (HTTP 400 under `fields.N.content` and the like).
 */

/** Messages about one link by its part ('content', 'label', ...); '' for the link as a whole. */
export type LinkMessages = Record<string, string>;

/** What a refused save said about one link of the list it sent: the index and value sent, and the messages. */
export interface SentLinkProblem {
  index: number;
  field: CardField;
  messages: LinkMessages;
}

export type SaveResult = { ok: true } | { ok: false; problems: SentLinkProblem[] };

/** A save's toasts: `ok` null saves without one; `fail` absent toasts the server's message. */
export interface SaveTexts {
  ok?: string | null;
  fail?: string;
}

/** The parts of a link the quick-link modal has a field for. */
export const LINK_PARTS = ['type', 'label', 'content', 'icon'] as const;
export type LinkPart = (typeof LINK_PARTS)[number];

/** The modal's messages: under its fields, and above them (the link as a whole, or another link). */
export interface DialogProblems {
  fields: Partial<Record<LinkPart, string>>;
  form: string[];
}

const LINK_FIELD_KEY = /^fields\.(\d+)(?:\.(.+))?$/;

/** The links a refused save named, from its 400 answer's field errors; none for any other failure. */
export function sentLinkProblems(error: unknown, sent: CardField[]): SentLinkProblem[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const byIndex = new Map<number, SentLinkProblem>();
  for (const [key, message] of Object.entries(error.errors)) {
    const match = LINK_FIELD_KEY.exec(key);
    const index = Number(match?.[1]);
    const field = sent[index];
    if (!match || !field) continue;
    const problem = byIndex.get(index) ?? { index, field, messages: {} };
    problem.messages[match[2] ?? ''] = message;
    byIndex.set(index, problem);
  }
  return [...byIndex.values()];
}

/** The one message to show for a link: its content's first, as that is what usually has to change. */
export function firstMessage(messages: LinkMessages): string {
  return messages.content ?? Object.values(messages)[0] ?? '';
}

/** The same link wherever it sits (a delete renumbers the positions of the links it sends). */
export function sameLink(a: CardField, b: CardField): boolean {
  return a.type === b.type && a.label === b.label && a.content === b.content && a.icon === b.icon;
}

/**
 * For each stored link, what is wrong with it or null: what the last refused save said about it, else
 * its type's rule (the upstream would refuse it on the next save).
 */
export function storedLinkProblems(fields: CardField[], saveProblems: SentLinkProblem[]): (LinkMessages | null)[] {
  return fields.map((field) => {
    const named = saveProblems.find((problem) => sameLink(problem.field, field));
    if (named) return named.messages;
    const rule = quickLinkContent(field.type, field.content);
    return rule.ok ? null : { content: rule.message };
  });
}

/**
 * The modal's messages for the link it edits (`own`, under its fields where it has one) and for other
 * links that blocked its save (above its fields, saying which link to change or delete first).
 */
export function dialogProblems(own: LinkMessages | undefined, others: SentLinkProblem[]): DialogProblems {
  const fields: DialogProblems['fields'] = {};
  const form: string[] = [];
  for (const [part, message] of Object.entries(own ?? {})) {
    if ((LINK_PARTS as readonly string[]).includes(part)) fields[part as LinkPart] = message;
    else form.push(message);
  }
  for (const other of others) form.push(TEXTS.linkBlocksSave(other.field.label, firstMessage(other.messages)));
  return { fields, form };
}
