import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Announcement } from '@tapcard/shared/contract';
import type { ThreadItem } from '../lib/live/outbox.js';
import { ChatRoom, type ChatRoomProps } from './ChatRoom.js';
import { MessageMenu } from './MessageMenu.js';

const item = (key: string, text: string, extra: Partial<ThreadItem> = {}): ThreadItem => ({
  key,
  attendee_id: 'att-bola',
  name: 'Bola Ade',
  image: '',
  message: text,
  createdAt: '2024-05-01T10:00:00.000Z',
  state: 'sent',
  ...extra,
});

const pin = (id: string, seq: number, message: string, pinned = true): Announcement => ({ id, event_id: 'evt-1', message, pinned, created_at: '2024-05-01T09:30:00.000Z', seq });

function room(props: Partial<ChatRoomProps> = {}) {
  const base: ChatRoomProps = {
    title: 'Tech Meetup',
    status: 'Ongoing',
    heading: 'Event Chat',
    back: { to: '/', label: 'Back' },
    items: [],
    selfId: 'att-ada',
    onSend: () => undefined,
    onRetry: () => undefined,
    disabled: false,
    requireText: true,
  };
  return render(
    <MemoryRouter>
      <ChatRoom {...base} {...props} />
    </MemoryRouter>,
  );
}

describe('ChatRoom', () => {
  it('pins the announcements at the top, newest first, with Unpin only when the page offers it', async () => {
    const announcements = [pin('a1', 3, 'Lunch at one'), pin('a2', 7, 'Keynote moved to hall B'), pin('a3', 5, 'Gone', false)];
    const onUnpin = vi.fn();
    const { rerender } = room({ announcements });
    const list = screen.getByRole('list', { name: 'Pinned announcements' });
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Keynote moved to hall B', 'Lunch at one']);
    expect(within(list).getAllByRole('listitem')[0]?.querySelector('time')).toHaveAttribute('dateTime', '2024-05-01T09:30:00.000Z');
    expect(within(list).queryByRole('button', { name: 'Unpin' })).not.toBeInTheDocument();

    rerender(
      <MemoryRouter>
        <ChatRoom title="Tech Meetup" status="Ongoing" heading="Event Chat" back={{ to: '/', label: 'Back' }} items={[]} selfId={null} onSend={() => undefined} onRetry={() => undefined} disabled={false} requireText announcements={announcements} onUnpin={onUnpin} />
      </MemoryRouter>,
    );
    const [first] = screen.getAllByRole('button', { name: 'Unpin' });
    expect(first).toHaveAccessibleDescription('Keynote moved to hall B');
    await userEvent.click(first as HTMLElement);
    expect(onUnpin).toHaveBeenCalledWith('a2');
  });

  it('never shows a removed message, and shows a shared card as a card', async () => {
    room({
      items: [
        item('m1', 'Still here'),
        item('m2', '', { removed: true }),
        item('m3', '', { card: { kind: 'card', link: 'bola-card', title: 'Bola Ade', sub_title: 'Designer', image: null } }),
      ],
    });
    const log = screen.getByRole('log');
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    // The card's view arrives with its own chunk.
    const card = await within(log).findByRole('figure', { name: 'Business card' }, { timeout: 10_000 });
    expect(within(card).getByText('Designer')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View card (Bola Ade)' })).toHaveAttribute('href', '/card/connect?link=bola-card&src=arena');
  });

  it("puts the page's menu in each stored message only, and says above the composer why it waits", async () => {
    const report = vi.fn();
    room({
      items: [item('m1', 'Hello'), item('local-1', 'On its way', { attendee_id: 'att-ada', state: 'pending' })],
      messageMenu: (message) => <MessageMenu label={`Actions for ${message.name}'s message`} actions={[{ label: 'Report message', onSelect: () => report(message.key) }]} />,
      composerNotice: 'Slow mode: wait 8 s',
      sendHeld: true,
    });
    expect(screen.getAllByRole('button', { name: /^Actions for/ })).toHaveLength(1);
    const user = userEvent.setup();
    // Pressed at once, maybe before the menu's code has arrived: it opens when it has.
    await user.click(screen.getByRole('button', { name: "Actions for Bola Ade's message" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report message' }, { timeout: 10_000 }));
    await waitFor(() => expect(report).toHaveBeenCalledWith('m1'));

    expect(screen.getByText('Slow mode: wait 8 s')).toHaveAttribute('aria-live', 'polite');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Later{Enter}');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Later');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
