import { describe, expect, it } from 'vitest';
import { expectInvalid } from '../test/expect-invalid.js';
import {
  chatRefusalText,
  muteChoiceSchema,
  reportFormSchema,
  secondsUntil,
  shareConsentText,
  shareDetailsSchema,
  slowModeSecondsSchema,
} from './index.js';

const hhmm = (time: Date) => `${String(time.getUTCHours()).padStart(2, '0')}:${String(time.getUTCMinutes()).padStart(2, '0')}`;
const now = new Date('2026-11-27T18:00:00.000Z');

describe('refused chat posts, in words', () => {
  it("says until when a mute lasts in the reader's clock, or that it is for good", () => {
    expect(chatRefusalText('muted', new Date('2026-11-27T18:40:00.000Z'), now, hhmm)).toBe('You are muted until 18:40');
    expect(chatRefusalText('muted', null, now, hhmm)).toBe('You are muted in this chat');
  });

  it('counts the wait of slow mode and of the rate limit in whole seconds, at least one', () => {
    expect(chatRefusalText('slow_mode', new Date(now.getTime() + 7_200), now, hhmm)).toBe('Slow mode: wait 8 s');
    expect(chatRefusalText('too_fast', new Date(now.getTime() + 100), now, hhmm)).toBe('You are sending messages too fast: wait 1 s');
    expect(secondsUntil(new Date(now.getTime() - 5000), now)).toBe(1);
  });

  it('gives a block and a closed door the same words, so a block is never revealed', () => {
    expect(chatRefusalText('not_accepting', null, now, hhmm)).toBe('This attendee is not accepting private messages');
    expect(chatRefusalText('chat_closed', null, now, hhmm)).toBe('The organiser has closed the group chat');
    expect(chatRefusalText('you_blocked', null, now, hhmm)).toBe('You blocked this attendee. Unblock them to write.');
  });
});

describe('safety forms', () => {
  it('asks for a reason, keeps details optional and at most 500 characters', () => {
    expectInvalid(reportFormSchema, { reason: '', details: '' }, { reason: 'Choose a reason' });
    expectInvalid(reportFormSchema, { reason: 'spam', details: 'x'.repeat(501) }, { details: 'Details must be at most 500 characters' });
    expect(reportFormSchema.parse({ reason: 'harassment' })).toEqual({ reason: 'harassment', details: '' });
  });

  it('takes a mute of 1 minute to a week, for good, or off; anything else with its message', () => {
    expect(muteChoiceSchema.parse(15)).toBe(15);
    expect(muteChoiceSchema.parse('forever')).toBe('forever');
    expect(muteChoiceSchema.parse('off')).toBe('off');
    for (const wrong of [0, 10_081, 2.5, 'sometimes']) {
      expect(muteChoiceSchema.safeParse(wrong).error?.issues.map((issue) => issue.message)).toContain('Choose how long to mute');
    }
  });

  it('takes slow mode from off up to an hour', () => {
    expect(slowModeSecondsSchema.parse(0)).toBe(0);
    expect(slowModeSecondsSchema.safeParse(3601).error?.issues[0]?.message).toBe('Choose a slow mode');
  });

  it("shares details only with the consent ticked, with the exchange form's messages", () => {
    const details = { full_name: 'Ọlá Adé', title: 'Designer', phone: '+234 803 123 4567', email: 'ola@example.com' };
    expectInvalid(shareDetailsSchema, { ...details, consent: false }, { consent: 'Please agree to share your details' });
    expectInvalid(shareDetailsSchema, { ...details, full_name: 'Ola', consent: true }, { full_name: 'Full name must be at least two words' });
    expect(shareDetailsSchema.parse({ ...details, consent: true })).toMatchObject({ phone: '+2348031234567', consent: true });
    expect(shareConsentText('Ada Obi', 'Lagos Tech Mixer')).toBe(
      'I agree that Ada Obi may keep my name, job title, phone number and email as a contact, shared in the arena of Lagos Tech Mixer.',
    );
  });
});
