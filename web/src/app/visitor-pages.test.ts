import { describe, expect, it } from 'vitest';
import { paths, routes } from '../lib/paths.js';
import { visitorPageAt, visitorPages } from './visitor-pages.js';

describe("the light entry's pages", () => {
  it('are found by their paths, with their parameters', () => {
    expect(visitorPageAt(new URL(paths.cardConnect('ada'), 'http://localhost').pathname)).toBe(visitorPages.cardConnect);
    expect(visitorPageAt('/card/event')).toBe(visitorPages.cardEvents);
    expect(visitorPageAt(new URL(paths.cardEvent('evt-1', 'ada'), 'http://localhost').pathname)).toBe(visitorPages.cardEvent);
    expect(visitorPageAt(paths.openEvent('tech-meetup'))).toBe(visitorPages.openEvent);
    expect(visitorPageAt(routes.home)).toBe(visitorPages.landing);
  });

  it("leave the app's pages to the app: registration, attendees and the rest", () => {
    for (const path of [paths.cardEventRegister('evt-1'), paths.cardEventAttendees('evt-1'), paths.openEventRegister('tech-meetup'), '/card/exchange-contact', routes.faq]) {
      expect(visitorPageAt(path), path).toBeUndefined();
    }
  });
});
