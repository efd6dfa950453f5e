/**
 * The environment the upstream's tests read, in one place: nothing else in the upstream's tests touches
 * process.env. Read when called, not at import.
 */
export const testEnv = {
  /** The upstream-postgres test project sets UPSTREAM_TEST_DB=postgres to run the same tests on PostgreSQL. */
  usePostgres: (): boolean => process.env.UPSTREAM_TEST_DB === 'postgres',
  databaseUrl: (): string | undefined => process.env.DATABASE_URL,
};
