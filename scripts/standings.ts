/**
 * Standings from event files, on the command line:
 *
 *   npm run standings -- FILE... [--format table|csv|json] [--at ISO-or-ms] [--competition ID]
 *
 * Exit status: 0 standings printed; 1 a file is unreadable or invalid (every error on
 * stderr, one per line, nothing on stdout) or the competition asked for is not in the
 * files; 2 a usage error (unknown option, bad value, no file).
 */
import { runStandings } from './standings-cli';

process.exitCode = runStandings(process.argv.slice(2), { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) });
