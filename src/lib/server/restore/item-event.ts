import { error } from '@sveltejs/kit';
import type { BackupItem } from '../backup-format';

/**
 * 400 when an item that names its event names another than the backup's (a competition,
 * publication, merge, person, registration, change, draw or protest). Items that do not name their event
 * belong to it through their competition: restore-commit checks those once everything is read.
 */
export function refuseItemOfOtherEvent(item: BackupItem, eventId: string, where: string): void {
	const E = eventId;
	const refuse = (what: string, itsEvent: string) => error(400, `${where}: ${what} belongs to the event "${itsEvent}", not to "${E}" of this backup`);
	switch (item.kind) {
		case 'competition':
			if (item.competition.eventId !== E) refuse(`competition ${item.competition.id}`, item.competition.eventId);
			break;
		case 'publication': {
			const p = item.publication;
			if (p.eventId !== E || p.snapshot.event.id !== E || p.snapshot.competition.id !== p.competitionId)
				error(400, `${where}: publication ${p.competitionId} version ${p.version} is not of a competition of the event "${E}" in this backup`);
			break;
		}
		case 'merge':
			if (item.merge.eventId !== E) refuse(`merge ${item.merge.id}`, item.merge.eventId);
			break;
		case 'person':
			if (item.person.eventId !== E) refuse(`person ${item.person.id}`, item.person.eventId);
			break;
		case 'registration':
			if (item.registration.eventId !== E) refuse(`registration ${item.registration.id}`, item.registration.eventId);
			break;
		case 'registrationChange':
			if (item.change.eventId !== E) refuse(`change ${item.change.seq} of the register`, item.change.eventId);
			break;
		case 'rulesetChange':
			if (item.eventId !== E) refuse(`ruleset change ${item.seq}`, item.eventId);
			break;
		case 'draw':
			if (item.draw.eventId !== E) refuse(`draw ${item.draw.id}`, item.draw.eventId);
			break;
		case 'protest':
			if (item.protest.eventId !== E) refuse(`protest ${item.protest.id}`, item.protest.eventId);
			break;
	}
}
