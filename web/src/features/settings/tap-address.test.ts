import { describe, expect, it } from 'vitest';
import { readTapAddress } from './tap-address.js';

describe('readTapAddress', () => {
  it('reads the id and type of a printed tap address, whole or from its query', () => {
    expect(readTapAddress('https://tapcard.example/?id=NEW-42&type=nfc')).toEqual({ id: 'NEW-42', type: 'nfc' });
    expect(readTapAddress(' /?id=NEW%2042&type=metal ')).toEqual({ id: 'NEW 42', type: 'metal' });
    expect(readTapAddress('?type=nfc&id=A1')).toEqual({ id: 'A1', type: 'nfc' });
  });

  it('leaves a bare id or an address without an id alone', () => {
    expect(readTapAddress('NEW-42')).toBeNull();
    expect(readTapAddress('https://tapcard.example/?type=nfc')).toBeNull();
    expect(readTapAddress('https://tapcard.example/?id=&type=nfc')).toBeNull();
  });
});
