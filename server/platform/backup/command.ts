import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../config.ts';
import { BackupError } from './backup.ts';

/**
 * Runs `npm run backup` or `npm run restore`: the command line read by Node's util.parseArgs (an unknown
 * option or a missing value answers the usage line), then `main`. An expected failure (bad configuration,
 * a backup that cannot be made or restored) prints its message alone; anything else its stack. Exits 1 on
 * failure.
 */
export function runBackupCommand<const Options extends ParseArgsConfig>(
  command: { usage: string; args: Options },
  main: (parsed: ReturnType<typeof parseArgs<Options>>) => Promise<void>,
): void {
  let parsed: ReturnType<typeof parseArgs<Options>>;
  try {
    parsed = parseArgs(command.args);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: ${command.usage}`);
    process.exit(1);
  }
  main(parsed).catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
    process.exit(1);
  });
}
