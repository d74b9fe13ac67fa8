import type { RestoreAnswer } from '$lib/contract';
import type { BackupCounts } from '../backup-format';

/** What a restore answers it restored (POST /api/restore): each kind of item by its name in the API. */
export function answerCounts(c: BackupCounts): RestoreAnswer['counts'] {
	return {
		rulesets: c.ruleset,
		competitions: c.competition,
		heats: c.heat,
		entries: c.entry,
		devices: c.device,
		judgeEvents: c.judgeEvent,
		heatStarts: c.heatStart,
		publications: c.publication,
		merges: c.merge,
		people: c.person,
		registrations: c.registration,
		registrationChanges: c.registrationChange,
		rulesetChanges: c.rulesetChange,
		draws: c.draw,
		tableCards: c.tableCard,
		protests: c.protest,
		photos: c.photo
	};
}
