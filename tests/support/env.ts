/**
 * The environment the cross-package tests, the browser journeys and the benches read, in one place:
 * nothing else under tests/ touches process.env. Read when called, not at import.
 */
export const testEnv = {
  /** Under CI=true a missing service (PostgreSQL, Redis) fails the run instead of skipping tests. */
  ci: (): boolean => process.env.CI === 'true',
  databaseUrl: (): string | undefined => process.env.DATABASE_URL,
  redisUrl: (): string | undefined => process.env.REDIS_URL,
  chromiumPath: (): string => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /** SWEEP_ROUTES=a,b limits the page sweep to those routes. */
  sweepRoutes: (): string[] | undefined => process.env.SWEEP_ROUTES?.split(',').filter(Boolean),
};

/** Our whole environment with `env` on top, for a child process that should see what we were given. */
export function inheritedEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...env };
}

/** Removes names from our own environment, so that neither this process nor its children use them. */
export function unsetEnv(...names: string[]): void {
  for (const name of names) delete process.env[name];
}
