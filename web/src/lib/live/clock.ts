/** HH:MM in the browser's clock (the refusals' and the chat's times). */
export function clockTime(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** HH:MM of an ISO time, in the browser's clock ('' for an invalid one). */
export const clockTimeOf = (iso: string): string => clockTime(new Date(iso));
