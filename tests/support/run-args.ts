import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The options every bench run takes beside its own. */
const RUN_OPTIONS = {
  'no-write': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/** What parseArgs answers for a run's own options and the common ones. */
type RunValues<T extends Options> = ReturnType<typeof parseArgs<{ options: T & typeof RUN_OPTIONS; allowPositionals: false }>>['values'];

/** A bench run's command line (its own options, --no-write and --help); --help prints `help` and exits. */
export function parseRunArgs<const T extends Options>(help: string, options: T): RunValues<T> {
  const all: Options = { ...options, ...RUN_OPTIONS };
  const { values } = parseArgs({ options: all, allowPositionals: false });
  if (values.help) {
    console.log(help);
    process.exit(0);
  }
  return values as RunValues<T>;
}
