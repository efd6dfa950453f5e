import { OPEN_CHAT, type AdminEvent, type ChatSettings } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { organiserViewOf } from '../../lib/live/polls.js';

export type OrganiserView = ViewOf<'organiser'>;
export type LiveAttendee = OrganiserView['attendees'][number];

/**
 * The organiser's view until the socket's first snapshot: the admin event read once (organiserViewOf
 * keeps each attendee's mute and hidden mark, the group chat's settings, the pinned announcements and
 * the reports), with an open chat, nothing pinned and no reports where the upstream says nothing of them.
 */
export function firstOrganiserView(admin: AdminEvent): OrganiserView {
  const view = organiserViewOf(admin);
  return {
    ...view,
    attendees: view.attendees.map((a) => ({ ...a, hidden: a.hidden ?? false })),
    chat: view.chat ?? OPEN_CHAT,
    announcements: view.announcements ?? [],
    reports: view.reports ?? [],
  };
}

/** The group chat's settings as the view has them (a gateway that predates them: open, no slow mode). */
export function chatSettingsOf(view: OrganiserView): ChatSettings {
  return view.chat ?? OPEN_CHAT;
}

/** How many reports wait for the organiser. */
export function openReportCount(view: OrganiserView): number {
  return (view.reports ?? []).filter((r) => r.status === 'open').length;
}
