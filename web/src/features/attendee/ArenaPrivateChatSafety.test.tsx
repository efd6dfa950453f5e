import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { arenaSafetyCalls, calls, type PrivateChat, type SharedCard } from '@tapcard/shared/contract';
import type { ArenaView } from '@tapcard/shared/realtime';
import { messages, safetyMessages, shareConsentText } from '@tapcard/shared/rules';
import { paths, routes } from '../../lib/paths.js';
import { ada, EVENT_ID, eventSummary, message, privateMessage, TID } from '../../test/event-fixtures.js';
import { mockNetwork, ok, type MockNetwork, type SentRequest } from '../../test/network.js';
import { startRealtimeServer, type RealtimeTestServer } from '../../test/realtime-server.js';
import { LocationProbe, renderRoutes, signIn, signOut, TEST_TOKEN } from '../../test/render.js';
import { ArenaPrivateChatPage } from './ArenaPrivateChatPage.js';
import { shareIntentPath } from './share-intent.js';

/** The private chat's safety and networking: block, report, refusals, Share my card and the swap. */

const BOLA = 'att-bola';
const psst = privateMessage('p1', 2, 'Psst Ada', BOLA, ada.id);
const adaCard: SharedCard = { kind: 'card', link: 'ada-card', title: 'Ada Obi', sub_title: 'Engineer at Tapcard', image: null };
const bolaCard: SharedCard = { kind: 'card', link: 'bola-card', title: 'Bola Ade', sub_title: 'Designer', image: null };
const adaDetails = { full_name: 'Ada Obi', title: 'Engineer', phone: '+2348012345678', email: 'ada@example.com' };

function shared(id: string, seq: number, from: string, to: string, card: SharedCard, name = 'Bola Ade'): PrivateChat {
  return { ...privateMessage(id, seq, card.kind === 'card' ? 'Shared a card' : 'Shared details', from, to, name), card };
}

function arenaView(overrides: Partial<ArenaView> = {}): ArenaView {
  return { kind: 'arena', eventId: EVENT_ID, version: 4, event: eventSummary(), attendee: ada, chats: [message('m-bola', 1, 'Hello')], private_chats: [psst], ...overrides };
}

/** Answers Share my card as the upstream would: Ada's card with a card owner's token, else her details. */
function answerShares(network: MockNetwork, outcome: { swapped: boolean; saved: boolean } = { swapped: false, saved: false }) {
  let seq = 20;
  network.on(arenaSafetyCalls.shareCard, (request: SentRequest) => {
    seq += 1;
    const card: SharedCard = request.headers.get('Authorization')
      ? adaCard
      : { kind: 'details', ...adaDetails, consent: shareConsentText('Bola Ade', 'Tech Meetup') };
    return ok({ event_id: EVENT_ID, message: shared(`s-${seq}`, seq, ada.id, BOLA, card, ada.name), ...outcome });
  });
}

const SLOW = { timeout: 10_000 };
const routeObjects = [
  { path: routes.arenaPrivateChat, element: <ArenaPrivateChatPage /> },
  { path: routes.login, element: <LocationProbe label="login" /> },
];
const log = () => within(screen.getByRole('log'));
const input = () => screen.getByRole('textbox', { name: 'Message' });

let server: RealtimeTestServer | null = null;
afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

async function openChat(view: ArenaView, path = paths.arenaPrivateChat(TID, BOLA)) {
  server = await startRealtimeServer(() => view);
  const network = mockNetwork();
  const rendered = renderRoutes(routeObjects, path);
  await screen.findByRole('heading', { name: 'Bola Ade' }, SLOW);
  await screen.findByRole('log', {}, SLOW);
  return { network, ...rendered };
}

describe('blocking in a private chat', () => {
  it('blocks from the header, closing the composer with the reason, and unblocks', async () => {
    const { network, user } = await openChat(arenaView());
    network.on(arenaSafetyCalls.blockAttendee, (request) => ok({ event_id: EVENT_ID, blocked: (request.body as { blocked: boolean }).blocked ? [BOLA] : [] }));
    await user.click(screen.getByRole('button', { name: 'Block Bola Ade' }));
    await waitFor(() => expect(input()).toBeDisabled(), SLOW);
    expect(screen.getByText(safetyMessages.youBlocked, { selector: 'p' })).toBeInTheDocument();
    expect(network.sent(arenaSafetyCalls.blockAttendee)[0]?.body).toEqual({ event_id: EVENT_ID, attendee_id: BOLA, blocked: true });

    await user.click(screen.getByRole('button', { name: 'Unblock Bola Ade' }));
    await waitFor(() => expect(input()).toBeEnabled(), SLOW);
    expect(await screen.findByText('You unblocked Bola Ade', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block Bola Ade' })).toBeInTheDocument();
  });

  it("says a refused message's reason on it and above the composer", async () => {
    const { network, user } = await openChat(arenaView());
    network.on(calls.privateChat, { status: 403, json: { success: 'false', message: safetyMessages.notAcceptingPrivate, data: null, code: 'not_accepting' } });
    await user.type(input(), 'Coffee?{Enter}');
    const item = await waitFor(() => {
      const li = log().getByText('Coffee?').closest('li');
      expect(li).toHaveAttribute('data-state', 'failed');
      return li as HTMLElement;
    }, SLOW);
    expect(within(item).getByText(/This attendee is not accepting private messages/)).toBeInTheDocument();
    expect(screen.getByText(safetyMessages.notAcceptingPrivate, { selector: 'p' })).toHaveAttribute('aria-live', 'polite');
  });
});

describe('reporting a private message', () => {
  it("reports the other person's message as a private one; own messages have no menu", async () => {
    const { network, user } = await openChat(arenaView({ private_chats: [psst, privateMessage('p2', 3, 'Hi Bola', ada.id, BOLA, ada.name)] }));
    network.on(arenaSafetyCalls.reportMessage, ok({ event_id: EVENT_ID, report_id: 'r-1' }));
    expect(within(log().getByText('Hi Bola').closest('li') as HTMLElement).queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
    await user.click(within(log().getByText('Psst Ada').closest('li') as HTMLElement).getByRole('button', { name: "Actions for Bola Ade's message" }));
    expect(screen.queryByRole('menuitem', { name: /Block/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Report message' }, SLOW);
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. The organiser has been told.', {}, SLOW)).toBeInTheDocument();
    expect(network.sent(arenaSafetyCalls.reportMessage)[0]?.body).toEqual({ event_id: EVENT_ID, message_id: 'p1', room: 'private', reason: 'other', details: '' });
  });
});

describe('Share my card', () => {
  it('shares the signed-in card owner’s card at once, shown as a card', async () => {
    signIn();
    const { network, user } = await openChat(arenaView());
    answerShares(network);
    await user.click(screen.getByRole('button', { name: 'Share my card' }));
    const card = await log().findByRole('figure', { name: 'Business card' }, SLOW);
    expect(within(card).getByText('Engineer at Tapcard')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View card (Ada Obi)' })).toHaveAttribute('href', paths.cardConnect('ada-card', 'arena'));
    const [sent] = network.sent(arenaSafetyCalls.shareCard);
    expect(sent?.headers.get('Authorization')).toBe(TEST_TOKEN);
    expect(sent?.body).toEqual({ event_id: EVENT_ID, to: BOLA });
    expect(await screen.findByText('Your card was shared', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shares once when opened from the group chat's Share my card, and drops the intent from the address", async () => {
    signIn();
    server = await startRealtimeServer(() => arenaView());
    // The network answers before the page renders: the page starts the share by itself.
    const network = mockNetwork();
    answerShares(network);
    const { router } = renderRoutes(routeObjects, shareIntentPath(TID, BOLA));
    await screen.findByRole('log', {}, SLOW);
    expect(await log().findByRole('figure', { name: 'Business card' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Your card was shared', {}, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.arenaPrivateChat(TID, BOLA));
    expect(router.state.location.search).toBe('');
    expect(network.sent(arenaSafetyCalls.shareCard)).toHaveLength(1);
  });

  it('asks an attendee without a card for their details and consent, each message under its field', async () => {
    const { network, user } = await openChat(arenaView());
    answerShares(network);
    await user.click(screen.getByRole('button', { name: 'Share my card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share your details' }, SLOW);
    expect(within(dialog).getByRole('link', { name: 'Sign in to share your card' })).toHaveAttribute('href', routes.login);
    const consent = within(dialog).getByRole('checkbox', { name: shareConsentText('Bola Ade', 'Tech Meetup') });

    // The name starts as the attendee's own; everything else is asked for.
    expect(within(dialog).getByRole('textbox', { name: 'Full Name' })).toHaveValue(ada.name);
    await user.click(within(dialog).getByRole('button', { name: 'Share my details' }));
    expect(await within(dialog).findByText(messages.jobTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Job Title' })).toHaveAccessibleDescription(messages.jobTitleRequired);
    expect(within(dialog).getByText(messages.phoneRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.emailRequired)).toBeInTheDocument();
    expect(consent).toHaveAccessibleDescription(safetyMessages.consentRequired);

    await user.type(within(dialog).getByRole('textbox', { name: 'Job Title' }), adaDetails.title);
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone Number' }), adaDetails.phone);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), adaDetails.email);
    // Without the consent ticked, nothing is shared.
    await user.click(within(dialog).getByRole('button', { name: 'Share my details' }));
    expect(await within(dialog).findByText(safetyMessages.consentRequired)).toBeInTheDocument();
    expect(network.sent(arenaSafetyCalls.shareCard)).toHaveLength(0);

    await user.click(consent);
    await user.click(within(dialog).getByRole('button', { name: 'Share my details' }));
    const details = await log().findByRole('figure', { name: 'Contact details' }, SLOW);
    expect(within(details).getByRole('link', { name: adaDetails.email })).toHaveAttribute('href', `mailto:${adaDetails.email}`);
    expect(within(details).getByText(adaDetails.phone)).toBeInTheDocument();
    expect(network.sent(arenaSafetyCalls.shareCard)[0]?.body).toEqual({ event_id: EVENT_ID, to: BOLA, details: { ...adaDetails, consent: true } });
    expect(network.sent(arenaSafetyCalls.shareCard)[0]?.headers.get('Authorization')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Your details were shared', {}, SLOW)).toBeInTheDocument();
  });

  it('sends to sign-in from the details form, to come back to this chat', async () => {
    const { user, router } = await openChat(arenaView());
    await user.click(screen.getByRole('button', { name: 'Share my card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share your details' }, SLOW);
    await user.click(within(dialog).getByRole('link', { name: 'Sign in to share your card' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`login ${routes.login}`);
    expect(router.state.location.state).toEqual({ from: paths.arenaPrivateChat(TID, BOLA) });
  });

  it('asks for the details when the signed-in account has no card', async () => {
    signIn();
    const { network, user } = await openChat(arenaView());
    network.on(arenaSafetyCalls.shareCard, { status: 400, json: { success: 'false', message: safetyMessages.shareNeedsDetails, data: null, errors: [{ field: 'details', message: safetyMessages.shareNeedsDetails }] } });
    await user.click(screen.getByRole('button', { name: 'Share my card' }));
    expect(await screen.findByRole('dialog', { name: 'Share your details' }, SLOW)).toBeInTheDocument();
  });

  it('says the cards were swapped once both have shared, and that the other is in a card owner’s contacts', async () => {
    signIn();
    const { network, user } = await openChat(arenaView({ private_chats: [psst, shared('s-b', 3, BOLA, ada.id, bolaCard)] }));
    expect(log().getByRole('figure', { name: 'Business card' })).toHaveTextContent('Designer');
    expect(screen.queryByText(/swapped cards/)).not.toBeInTheDocument();
    answerShares(network, { swapped: true, saved: true });
    await user.click(screen.getByRole('button', { name: 'Share my card' }));
    const line = await screen.findByText('You and Bola Ade swapped cards. Bola Ade is now in your contacts.', { selector: 'p' }, SLOW);
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(log().getAllByRole('figure', { name: 'Business card' })).toHaveLength(2);
  });

  it('says so live when the other shares back, to an attendee who shared details', async () => {
    const details: SharedCard = { kind: 'details', ...adaDetails, consent: shareConsentText('Bola Ade', 'Tech Meetup') };
    await openChat(arenaView({ private_chats: [psst, shared('s-a', 3, ada.id, BOLA, details, ada.name)] }));
    server?.update({ eventId: EVENT_ID, version: 4, prevVersion: 4, scope: 'private', private_chats: [shared('s-b', 5, BOLA, ada.id, bolaCard)] });
    expect(await screen.findByText('You and Bola Ade swapped cards.', { selector: 'p' }, SLOW)).toBeInTheDocument();
  });
});
