import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001_initial.js';
import * as eventDates from './002_event_dates.js';
import * as shop from './003_shop.js';
import * as sessionIds from './005_session_ids.js';
import * as registrationLimits from './006_registration_limits.js';
import * as paymentHolds from './008_payment_holds.js';
import * as eventAliases from './009_event_aliases.js';
import * as socialSignIn from './010_social_sign_in.js';
import * as mailQueue from './014_mail_queue.js';
import * as emailTickets from './016_email_tickets.js';
import * as staffLinks from './017_staff_links.js';
import * as ticketKeys from './019_ticket_keys.js';
import * as doorDesk from './020_door_desk.js';
import * as contactNotes from './021_contact_notes.js';
import * as arenaSafety from './022_arena_safety.js';
import * as ownerCard from './023_owner_card.js';
import * as emailCodeDevices from './024_email_code_devices.js';
import * as purchaseKeys from './025_purchase_keys.js';
import * as ownImages from './026_own_images.js';
import * as ticketRecovery from './027_ticket_recovery.js';
import * as eventReminders from './028_event_reminders.js';
import * as organiserMessages from './029_organiser_messages.js';
import * as ticketTransfers from './030_ticket_transfers.js';
import * as cancellationRefunds from './031_cancellation_refunds.js';
import * as cancelledAtDoor from './032_cancelled_at_door.js';
import * as afterEventMails from './033_after_event_mails.js';

/** Migrations in order; the key is the name Kysely records. Add a new file and a line here. */
const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_event_dates': eventDates,
  '003_shop': shop,
  '005_session_ids': sessionIds,
  '006_registration_limits': registrationLimits,
  '008_payment_holds': paymentHolds,
  '009_event_aliases': eventAliases,
  '010_social_sign_in': socialSignIn,
  '014_mail_queue': mailQueue,
  '016_email_tickets': emailTickets,
  '017_staff_links': staffLinks,
  '019_ticket_keys': ticketKeys,
  '020_door_desk': doorDesk,
  '021_contact_notes': contactNotes,
  '022_arena_safety': arenaSafety,
  '023_owner_card': ownerCard,
  '024_email_code_devices': emailCodeDevices,
  '025_purchase_keys': purchaseKeys,
  '026_own_images': ownImages,
  '027_ticket_recovery': ticketRecovery,
  '028_event_reminders': eventReminders,
  '029_organiser_messages': organiserMessages,
  '030_ticket_transfers': ticketTransfers,
  '031_cancellation_refunds': cancellationRefunds,
  '032_cancelled_at_door': cancelledAtDoor,
  '033_after_event_mails': afterEventMails,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
