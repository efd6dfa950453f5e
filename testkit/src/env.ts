/**
 * The environment the test helpers read, in one place: nothing else in the testkit touches process.env.
 * Read when called, not at import.
 */
export const testkitEnv = {
  /** Under CI=true a missing service (Redis) fails the run instead of skipping tests. */
  ci: (): boolean => process.env.CI === 'true',
  redisUrl: (): string | undefined => process.env.REDIS_URL,
};

/** An environment for a child process with only PATH and HOME of ours, so that it sees nothing else we were given. */
export function minimalEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env };
}
