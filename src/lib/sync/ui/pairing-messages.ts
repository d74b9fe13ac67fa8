import { m } from '$lib/i18n';
import type { Pairing } from '$lib/sync/pairing';
import type { PairingProblem } from '$lib/sync/client/complete-pairing';

/** A pairing problem in the current language (the server's own reason is quoted as it sent it). */
export function describePairingProblem(p: PairingProblem): string {
	switch (p.kind) {
		case 'bad-link':
			return m.pair_problem_bad_link();
		case 'bad-server':
			return m.pair_server_invalid();
		case 'bad-code':
			return m.pair_code_short();
		case 'offline':
			return m.pair_problem_offline({ server: p.server });
		case 'unreachable':
			return m.pair_problem_unreachable({ server: p.server });
		case 'code-refused':
			return m.pair_problem_code_refused({ reason: p.detail });
		case 'code-throttled':
			return m.pair_problem_code_throttled({ seconds: p.seconds });
		case 'card-throttled':
			return m.pair_problem_card_throttled({ seconds: p.seconds });
		case 'card-refused':
			return m.pair_problem_card_refused({ reason: p.detail });
		case 'token-refused':
			return m.pair_problem_token_refused({ reason: p.detail });
		case 'wrong-event':
			return m.pair_problem_wrong_event({ expected: p.expected, actual: p.actual });
		case 'server-error':
			return m.pair_problem_server({ reason: p.detail });
		case 'storage':
			return m.pair_problem_storage({ reason: p.detail });
	}
}

export function roleName(role: Pairing['role']): string {
	const names: Record<Pairing['role'], () => string> = { judge: m.pair_role_judge, organizer: m.pair_role_organizer, display: m.pair_role_display, desk: m.pair_role_desk };
	return names[role]();
}

/** Where a paired device goes next, by its role. */
export function destinationOf(role: Pairing['role']): { href: string; label: string } {
	if (role === 'organizer') return { href: '/organizer', label: m.pair_go_organizer() };
	if (role === 'display') return { href: '/display', label: m.pair_go_display() };
	if (role === 'desk') return { href: '/desk', label: m.pair_go_desk() };
	return { href: '/station', label: m.pair_go_station() };
}

/** Where a tablet paired by a table card goes: the station on that table of its heat. */
export function tableDestination(t: { competitionId: string; heatId: string; table: string }): { href: string; label: string } {
	return { href: `/station?${new URLSearchParams({ competition: t.competitionId, heat: t.heatId, table: t.table })}`, label: m.pair_go_table({ table: t.table }) };
}
