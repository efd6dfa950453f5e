import { describe, expect, it } from 'vitest';
import { describeRules } from '../test/rule-cases.js';
import { contactsCsvFile, csvCell } from './csv.js';
import { buildVCard } from './vcard.js';

describe('contacts CSV file', () => {
  it('starts with the UTF-8 byte order mark, then the header and CRLF-ended rows', () => {
    const file = contactsCsvFile([{ full_name: 'Ọlá Adé', title: 'Lovelace, "Ada"', phone: '+2348031234567', email: 'ola@example.com' }]);
    expect(file).toBe('\uFEFFfull_name,title,phone,email,note\r\nỌlá Adé,"Lovelace, ""Ada""",+2348031234567,ola@example.com,\r\n');
    expect([...new TextEncoder().encode(file).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  describeRules(csvCell, [
    ['leaves an E.164 phone number clean', [['+2348031234567', '+2348031234567'], ['+14155550100', '+14155550100'], ['2348031234567', '2348031234567']]],
    [
      'guards every other cell that starts like a formula with a leading quote',
      [
        ['=cmd|"/C calc"!A0', '"\'=cmd|""/C calc""!A0"'],
        ['+cmd|"/C calc"!A0', '"\'+cmd|""/C calc""!A0"'],
        ['+1+2', "'+1+2"],
        ['+234 803 123 4567', "'+234 803 123 4567"],
        ['+123456', "'+123456"],
        ['+1234567890123456', "'+1234567890123456"],
        ['-2348031234567', "'-2348031234567"],
        ['-1', "'-1"],
        ['@SUM(A1)', "'@SUM(A1)"],
        ['\tcmd', "'\tcmd"],
        ['\uFF0Bcmd', "'\uFF0Bcmd"],
        ['a=b', 'a=b'],
        [null, ''],
      ],
    ],
  ]);

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
