import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildVCard, escapeVCardText, foldLine, vcardFileName } from './vcard.js';

const octets = (text: string): number => new TextEncoder().encode(text).length;

interface Property {
  name: string;
  params: string[];
  value: string;
}

/** Reads a vCard as a contacts app does: unfolds CRLF + space, then splits each line into name, parameters and value. */
function parseVCard(card: string): Property[] {
  expect(card.endsWith('\r\n')).toBe(true);
  expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return card
    .replace(/\r\n /g, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      return { name, params, value: line.slice(colon + 1) };
    });
}

const valuesOf = (properties: Property[], name: string): string[] => properties.filter((p) => p.name === name).map((p) => p.value);

describe('buildVCard', () => {
  it('writes a vCard 3.0 with CRLF line endings', () => {
    expect(
      buildVCard({
        full_name: 'Ada Lovelace',
        title: 'Analyst',
        phone: '+2348031234567',
        email: 'ada@example.com',
        org: 'Analytical Engines',
        url: 'https://ada.example/a,b;c',
        photo: 'https://cdn.example/ada.jpg',
        note: 'Met at the summit',
      }),
    ).toBe(
      'BEGIN:VCARD\r\n' +
        'VERSION:3.0\r\n' +
        'N:Lovelace;Ada;;;\r\n' +
        'FN:Ada Lovelace\r\n' +
        'ORG:Analytical Engines\r\n' +
        'TITLE:Analyst\r\n' +
        'TEL;TYPE=CELL:+2348031234567\r\n' +
        'EMAIL;TYPE=INTERNET:ada@example.com\r\n' +
        'URL:https://ada.example/a,b;c\r\n' +
        'PHOTO;VALUE=URI:https://cdn.example/ada.jpg\r\n' +
        'NOTE:Met at the summit\r\n' +
        'END:VCARD\r\n',
    );
  });

  it('leaves out missing or blank fields', () => {
    expect(buildVCard({ full_name: 'Cher', title: '  ', phone: null })).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Cher;;;\r\nFN:Cher\r\nEND:VCARD\r\n',
    );
  });

  it('escapes a name with a comma, a semicolon and an emoji', () => {
    const card = buildVCard({ full_name: 'Ada 👑 King, Countess; Lovelace', title: 'Line one\nLine two \\ end' });
    expect(card).toContain('\r\nN:Lovelace;Ada 👑 King\\, Countess\\;;;;\r\n');
    expect(card).toContain('\r\nFN:Ada 👑 King\\, Countess\\; Lovelace\r\n');
    expect(card).toContain('\r\nTITLE:Line one\\nLine two \\\\ end\r\n');
  });

  it('strips line breaks from URI values', () => {
    expect(buildVCard({ full_name: 'A', url: 'https://x.example/\r\nEND:VCARD' })).toContain('\r\nURL:https://x.example/END:VCARD\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const card = buildVCard({ full_name: 'A', note: 'é'.repeat(50), title: `a${'😀'.repeat(20)}` });
    expect(card).toContain(`\r\nNOTE:${'é'.repeat(35)}\r\n ${'é'.repeat(15)}\r\n`);
    expect(card).toContain(`\r\nTITLE:a${'😀'.repeat(17)}\r\n ${'😀'.repeat(3)}\r\n`);
  });

  it('writes phones in E.164 with their plus, Nigerian local numbers with +234, each number once', () => {
    const card = parseVCard(buildVCard({ full_name: 'Ada', phone: '0803 123 4567', phones: ['2348031234567', '+44 20 7946 0958', '0809-876-5432', 'none'] }));
    expect(valuesOf(card, 'TEL')).toEqual(['+2348031234567', '+442079460958', '+2348098765432']);
    expect(card.filter((p) => p.name === 'TEL').every((p) => p.params.join(';') === 'TYPE=CELL')).toBe(true);
  });

  it('writes the company, the job title, every link as a URL and the address as an ADR', () => {
    const card = parseVCard(
      buildVCard({
        full_name: 'Ada Lovelace',
        org: 'Analytical Engines',
        title: 'Chief Analyst',
        url: 'https://tapcard.example/card/connect?link=ada',
        urls: ['https://ada.example/', 'https://www.instagram.com/ada', 'https://ada.example/', ' '],
        addresses: ['12 Marina Road, Lagos; Nigeria'],
      }),
    );
    expect(valuesOf(card, 'ORG')).toEqual(['Analytical Engines']);
    expect(valuesOf(card, 'TITLE')).toEqual(['Chief Analyst']);
    expect(valuesOf(card, 'URL')).toEqual(['https://tapcard.example/card/connect?link=ada', 'https://ada.example/', 'https://www.instagram.com/ada']);
    expect(card.find((p) => p.name === 'ADR')).toEqual({ name: 'ADR', params: ['TYPE=WORK'], value: ';;12 Marina Road\\, Lagos\\; Nigeria;;;;' });
  });

  it('embeds a photo as base64, folded at 75 octets', () => {
    const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 37) % 256);
    const base64 = btoa(String.fromCharCode(...bytes));
    const text = buildVCard({ full_name: 'Ada', photo: { type: 'JPEG', base64 } });
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const photo = parseVCard(text).find((p) => p.name === 'PHOTO');
    expect(photo?.params).toEqual(['ENCODING=b', 'TYPE=JPEG']);
    expect(Uint8Array.from(atob(photo?.value ?? ''), (c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it('leaves out every property without a value', () => {
    const card = parseVCard(
      buildVCard({ full_name: 'Cher', org: ' ', title: '', phone: '--', phones: [''], email: null, emails: [' '], url: '', urls: ['\r\n'], addresses: ['  '], photo: { type: 'JPEG', base64: '' }, note: '' }),
    );
    expect(card.map((p) => p.name)).toEqual(['BEGIN', 'VERSION', 'N', 'FN', 'END']);
    for (const p of card) expect(p.value).not.toBe('');
  });

  it('never splits an escape', () => {
    expect(foldLine(`NOTE:${'x'.repeat(69)}\\,y`)).toBe(`NOTE:${'x'.repeat(69)}\r\n \\,y`);
  });

  it('keeps every line within 75 octets and unfolds to the unfolded line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (note) => {
        const line = `NOTE:${escapeVCardText(note)}`;
        const folded = foldLine(line);
        for (const part of folded.split('\r\n')) expect(octets(part)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });

  it('escapes any text to one line without raw CR, LF or unescaped separators', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeVCardText(text);
        expect(escaped).not.toMatch(/[\r\n]/);
        expect(escaped.replace(/\\[\\,;n]/g, '')).not.toMatch(/[\\,;]/);
      }),
    );
  });
});

describe('vcardFileName', () => {
  it.each([
    ['Ada Lovelace', 'Ada_Lovelace.vcf'],
    ['Jean-Luc Picard', 'Jean-Luc_Picard.vcf'],
    ['Zoë Ñúñez', 'Zoe_Nunez.vcf'],
    ['../../etc/passwd', 'etc_passwd.vcf'],
    ['', 'contact.vcf'],
    ['👑', 'contact.vcf'],
    ['a'.repeat(100), `${'a'.repeat(64)}.vcf`],
  ])('%j gives %j', (name, expected) => {
    expect(vcardFileName(name)).toBe(expected);
  });
});
