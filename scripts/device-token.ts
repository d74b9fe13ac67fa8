/**
 * Issues a device token on this server's store, e.g. the first organizer key of an event:
 *
 *   npm run device-token -- --event ID --role organizer|judge|display --label NAME
 *
 * Uses DATA_DIR like the server (default ./data); safe while the server runs (SQLite WAL).
 * Prints {"id", "token", "eventId", "role", "label"} as JSON: the token is shown only here.
 * Exit status: 0 issued; 1 refused (no such event, …); 2 a usage error.
 */
import { parseArgs } from 'node:util';
import { openStore } from '$lib/server/db';
import { issueToken } from '$lib/server/tokens';
import { ROLES, type Role } from '$lib/contract';

const USAGE = `Usage: npm run device-token -- --event ID --role ${ROLES.join('|')} --label NAME`;

function main(): number {
	let values: { event?: string; role?: string; label?: string; help?: boolean };
	try {
		({ values } = parseArgs({ options: { event: { type: 'string' }, role: { type: 'string' }, label: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
	} catch (e) {
		console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
		return 2;
	}
	if (values.help) {
		console.log(USAGE);
		return 0;
	}
	if (!values.event || !values.label || !ROLES.includes(values.role as Role)) {
		console.error(USAGE);
		return 2;
	}
	const store = openStore();
	try {
		const issued = issueToken(store, { eventId: values.event, role: values.role as Role, label: values.label, now: Date.now() });
		console.log(JSON.stringify(issued));
		return 0;
	} catch (e) {
		console.error(e instanceof Error ? e.message : String(e));
		return 1;
	} finally {
		store.close();
	}
}

process.exitCode = main();
