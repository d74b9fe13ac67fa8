/**
 * The store's schema migrations, in order: one file each, named by its number and what it brings,
 * its doc comment saying why (issue 31 #6). `PRAGMA user_version` holds how many have run; each
 * runs in its own transaction together with the bump (Store.migrate). They are history: only ever
 * add a file at the end; never change one that shipped (migrations.test.ts pins each one's SQL).
 */
import m01 from './01-first-schema';
import m02 from './02-device-tokens';
import m03 from './03-event-of-each-judge-event';
import m04 from './04-heat-starts';
import m05 from './05-judge-events-by-server-seq';
import m06 from './06-publications';
import m07 from './07-rounds';
import m08 from './08-merged-competitions';
import m09 from './09-events-apart';
import m10 from './10-store-identity';
import m11 from './11-register';
import m12 from './12-ruleset-versions';
import m13 from './13-desk-role';
import m14 from './14-draws';
import m15 from './15-table-cards';
import m16 from './16-display-mode';
import m17 from './17-scoped-pulls';
import m18 from './18-plain-text-names';
import m19 from './19-ids-per-event';
import m20 from './20-live-results';
import m21 from './21-protests';
import m22 from './22-photos';

export const MIGRATIONS: readonly string[] = [m01, m02, m03, m04, m05, m06, m07, m08, m09, m10, m11, m12, m13, m14, m15, m16, m17, m18, m19, m20, m21, m22];
