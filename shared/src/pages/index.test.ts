import { describe, expect, it } from 'vitest';
import { matchPage, pagePath, pagePatterns, pages } from './index.js';

describe('pages', () => {
  it('builds links from the patterns, encoding each parameter', () => {
    expect(pages.eventToken('a b/c')).toBe('/event/u/token/a%20b%2Fc');
    expect(pages.arenaPrivateChat('t1', 'a1')).toBe('/event/u/arena/t1/chat/a1');
    expect(pages.resetPassword('tok')).toBe('/reset-password/tok/');
    expect(pages.cardConnect('tolu&co')).toBe('/card/connect?link=tolu%26co');
    expect(pages.cardTap('c1', 'nfc')).toBe('/card?id=c1&type=nfc');
    expect(pages.printedCardTap('C 1', 'nfc')).toBe('/?id=C%201&type=nfc');
    expect(pages.onboarding('card-9', 'nfc')).toBe('/onboarding?id=card-9&type=nfc');
    expect(pages.openEventRegister('mixer')).toBe('/events/l/mixer/register');
    expect(pagePath(pagePatterns.chipChat, { chip_id: 'x' })).toBe('/events/d/chip/i/x/chat');
  });

  it('reads the parameters back from a path or an absolute link', () => {
    expect(matchPage(pagePatterns.eventToken, pages.eventToken('a b/c'))).toEqual({ tid: 'a b/c' });
    expect(matchPage(pagePatterns.eventToken, 'https://tapcard.example/event/u/token/t1?x=1')).toEqual({ tid: 't1' });
    expect(matchPage(pagePatterns.resetPassword, 'http://127.0.0.1:5173/reset-password/r1/')).toEqual({ token: 'r1' });
    expect(matchPage(pagePatterns.arenaPrivateChat, '/event/u/arena/t1/chat/a1')).toEqual({ tid: 't1', aid: 'a1' });
  });

  it('refuses links to other pages', () => {
    expect(matchPage(pagePatterns.eventToken, '/event/u/arena/t1')).toBeUndefined();
    expect(matchPage(pagePatterns.arena, '/event/u/arena/t1/chat')).toBeUndefined();
    expect(matchPage(pagePatterns.eventToken, '/x/event/u/token/t1')).toBeUndefined();
    expect(matchPage(pagePatterns.eventToken, '/event/u/token/%E0')).toBeUndefined();
  });
});
