import { OPEN_CHAT, type AdminEvent, type ChatSettings } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { organiserViewOf } from '../../lib/live/polls.js';

export type OrganiserView = ViewOf<'organiser'>;
export type LiveAttendee = OrganiserView['attendees'][number];

/**
 * The organiser's view until the socket's first snapshot: the admin event read once, with what the
 * moderation screens need beside attendance and chats (each attendee's mute and hidden mark, the group
 * chat's settings, the pinned announcements and the reports), so they show before the socket is up.
 */
export function firstOrganiserView(admin: AdminEvent): OrganiserView {
  const view = organiserViewOf(admin);
  const byId = new Map(admin.attendees.map((a) => [a.id, a]));
  return {
    ...view,
    // An upstream that says nothing of mutes leaves `mute` out (unknown), rather than 'not muted'.
    attendees: view.attendees.map((a) => {
      const full = byId.get(a.id);
      const mute = a.mute !== undefined ? a.mute : full?.mute;
      return { ...a, ...(mute !== undefined ? { mute } : {}), hidden: a.hidden ?? full?.hidden ?? false };
    }),
    chat: view.chat ?? admin.chat ?? OPEN_CHAT,
    announcements: view.announcements ?? admin.announcements ?? [],
    reports: view.reports ?? admin.reports ?? [],
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
