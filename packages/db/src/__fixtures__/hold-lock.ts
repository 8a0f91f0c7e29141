// Child process for lock.test.ts: takes the data-folder lock, says so, then either holds it
// until killed or (with 'exit') exits normally, which must remove the lock file.
import { acquireDataDirLock } from '../lock';

const [dir, mode] = process.argv.slice(2);
if (!dir) throw new Error('usage: hold-lock.ts <dataDir> [exit]');
acquireDataDirLock(dir);
process.stdout.write('locked\n');
if (mode === 'exit') process.exit(0);
setInterval(() => {}, 60_000);
