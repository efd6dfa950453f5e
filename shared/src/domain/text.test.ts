import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { avatarColour, avatarFor, escapeXml, initials, toWellFormed, truncate } from './text.js';

describe('truncate', () => {
  it('leaves text at or under max unchanged', () => {
    expect(truncate('Hello', 5)).toBe('Hello');
    expect(truncate('Hi', 13)).toBe('Hi');
    expect(truncate('', 3)).toBe('');
  });

  it('keeps max characters and appends three dots', () => {
    expect(truncate('Lagos Tech Summit', 13)).toBe('Lagos Tech Su...');
    expect(truncate('abcdef', 3)).toBe('abc...');
  });

  it('drops whitespace at the cut', () => {
    expect(truncate('Hello world', 6)).toBe('Hello...');
  });

  it('never cuts a surrogate pair', () => {
    expect(truncate('ab😀cd', 3)).toBe('ab😀...');
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
    expect(truncate('😀😀', 2)).toBe('😀😀');
  });

  it('treats a negative or odd max as 0 or its floor', () => {
    expect(truncate('abc', -1)).toBe('...');
    expect(truncate('abc', 0)).toBe('...');
    expect(truncate('abcdef', 2.9)).toBe('ab...');
    expect(truncate('abc', Number.NaN)).toBe('...');
  });

  it('keeps at most max code points before the ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(40), (text, max) => {
        const out = truncate(text, max);
        const points = [...text].length;
        if (points <= max) expect(out).toBe(text);
        else {
          expect(out.endsWith('...')).toBe(true);
          expect([...out.slice(0, -3)].length).toBeLessThanOrEqual(max);
          expect(text.startsWith(out.slice(0, -3))).toBe(true);
          expect(toWellFormed(out)).toBe(out);
        }
      }),
    );
  });
});

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada king lovelace', 'AL'],
    ['Ada', 'A'],
    ['  ada   lovelace  ', 'AL'],
    ['@ada (Lovelace)', 'AL'],
    ['Émile Zola', 'ÉZ'],
    ['', '?'],
    ['   ', '?'],
    ['🎉 !!', '?'],
  ])('%j gives %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('avatarFor', () => {
  const decode = (uri: string): string => decodeURIComponent(uri.replace('data:image/svg+xml;charset=utf-8,', ''));

  it('draws the initials on a colour derived from the name', () => {
    const uri = avatarFor('Ada Lovelace');
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const svg = decode(uri);
    expect(svg).toContain('>AL</text>');
    expect(svg).toContain(`fill="${avatarColour('Ada Lovelace')}"`);
    expect(avatarFor('Ada Lovelace')).toBe(uri);
    expect(avatarColour('Ada Lovelace')).not.toBe(avatarColour('Grace Hopper'));
  });

  it('escapes the initials', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
    expect(decode(avatarFor('<script> "&'))).toContain('>S</text>');
  });

  it('is safe for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const svg = decode(avatarFor(name));
        expect(svg.startsWith('<svg ')).toBe(true);
        expect(svg.endsWith('</text></svg>')).toBe(true);
        const label = /font-weight="600">([^]*)<\/text>/.exec(svg)?.[1] ?? '';
        expect(label).not.toMatch(/[<>"]/);
      }),
    );
    expect(() => avatarFor('\uD800 lone')).not.toThrow();
  });
});
