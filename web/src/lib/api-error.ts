// Kept apart from api.ts so the app shell (query client) does not pull the contract and zod into
// the first chunk every visitor downloads.

/** An API failure as an Error, for the query layer. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string>,
    readonly kind: 'failure' | 'network' | 'invalid',
  ) {
    super(message);
  }
}
