/**
 * A card's id and type from its printed tap address (`https://…/?id=…&type=…`, or just `?id=…&type=…`),
 * or null when the text is not such an address (an id typed on its own).
 */
export function readTapAddress(text: string): { id: string; type: string } | null {
  const value = text.trim();
  if (!value.includes('id=')) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://card.invalid');
  } catch {
    return null;
  }
  const id = url.searchParams.get('id')?.trim() ?? '';
  const type = url.searchParams.get('type')?.trim() ?? '';
  return id ? { id, type } : null;
}
