import { describe, expect, it } from 'vitest';
import { contactsCsvFile, csvCell } from './csv.js';
import { buildVCard } from './vcard.js';

describe('contacts CSV file', () => {
  it('starts with the UTF-8 byte order mark, then the header and CRLF-ended rows', () => {
    const file = contactsCsvFile([{ full_name: 'Ọlá Adé', title: 'Lovelace, "Ada"', phone: '+2348031234567', email: 'ola@example.com' }]);
    expect(file).toBe('\uFEFFfull_name,title,phone,email,note\r\nỌlá Adé,"Lovelace, ""Ada""",+2348031234567,ola@example.com,\r\n');
    expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('leaves an E.164 phone number clean', () => {
    expect(csvCell('+2348031234567')).toBe('+2348031234567');
    expect(csvCell('+14155550100')).toBe('+14155550100');
    expect(csvCell('2348031234567')).toBe('2348031234567');
  });

  it('guards every other cell that starts like a formula with a leading quote', () => {
    expect(csvCell('=cmd|"/C calc"!A0')).toBe('"\'=cmd|""/C calc""!A0"');
    expect(csvCell('+cmd|"/C calc"!A0')).toBe('"\'+cmd|""/C calc""!A0"');
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('+234 803 123 4567')).toBe("'+234 803 123 4567");
    expect(csvCell('+123456')).toBe("'+123456");
    expect(csvCell('+1234567890123456')).toBe("'+1234567890123456");
    expect(csvCell('-2348031234567')).toBe("'-2348031234567");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\uFF0Bcmd')).toBe("'\uFF0Bcmd");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
  });

  it('writes missing values as empty cells, quotes line breaks, and only the header for no contacts', () => {
    expect(contactsCsvFile([{ full_name: 'Grace Hopper' }, { full_name: 'A', email: 'a\nb' }])).toBe(
      '\uFEFFfull_name,title,phone,email,note\r\nGrace Hopper,,,,\r\nA,,,"a\nb",\r\n',
    );
    expect(contactsCsvFile([])).toBe('\uFEFFfull_name,title,phone,email,note\r\n');
  });

  it('writes phones in E.164 as the vCard does, and the note', () => {
    const contacts = [
      { full_name: 'Bayo', phone: '08097776666', note: 'Met at the fair, "hall B"\nCall on Monday' },
      { full_name: 'Chioma', phone: '2348091234567', note: '=HYPERLINK("x")' },
      { full_name: 'Dan', phone: '+44 20 7946 0958' },
    ];
    const file = contactsCsvFile(contacts);
    expect(file).toBe(
      '\uFEFFfull_name,title,phone,email,note\r\n' +
        'Bayo,,+2348097776666,,"Met at the fair, ""hall B""\nCall on Monday"\r\n' +
        'Chioma,,+2348091234567,,"\'=HYPERLINK(""x"")"\r\n' +
        'Dan,,+442079460958,,\r\n',
    );
    for (const contact of contacts) expect(file).toContain(`,${/TEL;TYPE=CELL:(.+)\r\n/.exec(buildVCard(contact))?.[1]},`);
  });
});
