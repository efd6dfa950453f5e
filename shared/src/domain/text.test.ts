import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { avatarColour, avatarFor, escapeXml, foldForSearch, initials, phoneHasDigits, phoneQueryDigits, toWellFormed, truncate } from './text.js';

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

describe('foldForSearch', () => {
  it.each([
    ['José', 'jose'],
    ['ÉMILIE', 'emilie'],
    ['Ọlá Adébáyọ̀', 'ola adebayo'],
    ['Zoë  Ångström ', 'zoe angstrom'],
    ['Ｊｏｓé', 'jose'],
    ["O'Connor", "o'connor"],
    ['İstanbul', 'istanbul'],
    ['', ''],
  ])('%j reads as %j', (text, expected) => {
    expect(foldForSearch(text)).toBe(expected);
  });

  it('makes a name and its accented or upper-case spelling the same', () => {
    expect(foldForSearch('Jose')).toBe(foldForSearch('JOSÉ'));
    expect(foldForSearch('José'.normalize('NFD'))).toBe(foldForSearch('José'.normalize('NFC')));
    expect(foldForSearch(null)).toBe('');
    expect(foldForSearch(undefined)).toBe('');
  });

  it('is idempotent and leaves no combining mark or upper-case letter', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const once = foldForSearch(text);
        expect(foldForSearch(once)).toBe(once);
        expect(once).not.toMatch(/\p{M}/u);
        expect(once).toBe(once.trim());
      }),
    );
  });
});

describe('phone search', () => {
  it.each([
    ['0803 555', '803555'],
    ['+234 803-555-0101', '2348035550101'],
    ['(0803) 000.0000', '8030000000'],
    ['555', '555'],
    ['ada', null],
    ['+', null],
    ['0', null],
    ['12a', null],
  ])('%j looks for %j', (query, digits) => {
    expect(phoneQueryDigits(query)).toBe(digits);
  });

  it('finds the digits in a stored number whatever its spacing', () => {
    expect(phoneHasDigits('+234 803 555 0101', '8035550101')).toBe(true);
    expect(phoneHasDigits('+2348035550101', phoneQueryDigits('+234-803-555') ?? '')).toBe(true);
    expect(phoneHasDigits('+2348035550101', '8039')).toBe(false);
    expect(phoneHasDigits(null, '1')).toBe(false);
  });
});
