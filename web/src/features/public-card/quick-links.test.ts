import { describe, expect, it } from 'vitest';
import { CARD_FIELD_TYPES } from '@tapcard/shared/domain';
import { quickLinkAction, telHref } from './quick-links.js';

const open = (type: string, content: string) => quickLinkAction({ type: type as (typeof CARD_FIELD_TYPES)[number], content });
const link = (href: string, external: boolean) => ({ kind: 'link', href, external });
const text = (shown: string) => ({ kind: 'modal', text: shown });

describe('what a quick link on the public card opens', () => {
  it('opens each type the right way, from the stored form or one stored before the rules', () => {
    const cases: [string, string, ReturnType<typeof link> | ReturnType<typeof text>][] = [
      ['tel', '+2348031234567', link('tel:+2348031234567', false)],
      ['tel', '2348031234567', link('tel:+2348031234567', false)],
      ['tel', '08031234567', link('tel:+2348031234567', false)],
      ['tel', '+44 20 7946 0958', link('tel:+442079460958', false)],
      ['wa', '+2348031234567', link('https://wa.me/2348031234567', true)],
      ['wa', '08031234567', link('https://wa.me/2348031234567', true)],
      ['wa', '+44 20 7946 0958', link('https://wa.me/442079460958', true)],
      ['email', 'ada@example.com', link('mailto:ada@example.com', false)],
      ['url', 'example.com/a', link('https://example.com/a', true)],
      ['facebook', 'facebook.com/ada', link('https://www.facebook.com/ada', true)],
      ['instagram', '@ada', link('https://www.instagram.com/ada', true)],
      ['snapchat', 'ada', link('https://www.snapchat.com/add/ada', true)],
      ['tiktok', '@name', link('https://www.tiktok.com/@name', true)],
      ['twitter', 'x.com/ada', link('https://twitter.com/ada', true)],
      ['address', '12 Marina Road, Lagos', text('12 Marina Road, Lagos')],
      ['text', 'Ask for the lab', text('Ask for the lab')],
    ];
    expect(new Set(cases.map(([type]) => type))).toEqual(new Set(CARD_FIELD_TYPES));
    for (const [type, content, action] of cases) expect(open(type, content), `${type}: ${content}`).toEqual(action);
  });

  it('shows a stored value that fails its type as text, never as a link', () => {
    for (const [type, content] of [
      ['tel', 'call me'],
      ['wa', 'call me'],
      ['tel', 'javascript:alert(1)'],
      ['email', 'not-an-email'],
      ['facebook', 'https://www.instagram.com/ada'],
      ['facebook', 'instagram.com'],
      ['tiktok', 'https://example.com/@ada'],
    ]) {
      expect(open(type!, content!), `${type}: ${content}`).toEqual(text(content!));
    }
  });

  it("dials a service's phone only when it is a phone number", () => {
    expect(telHref('2348031234567')).toBe('tel:+2348031234567');
    expect(telHref('0803 123 4567')).toBe('tel:+2348031234567');
    expect(telHref('call me')).toBeNull();
  });
});
