/** One content line of a vCard: name, parameters and raw value. */
export interface VCardProperty {
  name: string;
  params: string[];
  value: string;
}

/**
 * Reads a vCard as a contacts app does: checks CRLF line ends and the 75-octet fold, unfolds
 * continuation lines, then splits each line into name, parameters and value.
 */
export function parseVCard(card: string): VCardProperty[] {
  if (!card.endsWith('\r\n') || /[\r\n]/.test(card.replace(/\r\n/g, ''))) throw new Error('a vCard line does not end with CRLF');
  for (const line of card.split('\r\n')) if (Buffer.byteLength(line) > 75) throw new Error(`a vCard line is longer than 75 octets: ${line}`);
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

/** The values of every property called `name`, in order. */
export const vcardValues = (properties: readonly VCardProperty[], name: string): string[] => properties.filter((p) => p.name === name).map((p) => p.value);
