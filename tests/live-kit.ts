import { DeviceLog } from '../src/lib/events/builder';
import { ownCompetition, type OwnCompetition } from './organizer-kit';
import { call, expectStatus, writeSetup } from './sync-kit';

/** Shared by the live page's specs (tests/live-viewer.spec.ts, tests/live-overlay.spec.ts): a competition of its own, shown live, and a tablet that records. */

export const MIN = 60_000;

/** The organizer shows the competition's provisional results live (API.setLive), or stops. */
export async function showLive(own: OwnCompetition, show = true): Promise<void> {
	expectStatus(await call('POST', `/api/events/${own.eventId}/competitions/${own.competitionId}/live`, { token: own.org, json: { show } }), 200, `live ${show ? 'on' : 'off'}`);
}

/** The organizer publishes the competition's standings as they stand (API.publish). */
export async function publish(own: OwnCompetition): Promise<number> {
	return expectStatus(await call('POST', `/api/events/${own.eventId}/publications`, { token: own.org, json: { competitionId: own.competitionId } }), 201, 'publish').body.publication.version;
}

/** The judge's tablet of the competition's heat: started `ago` before now (real time), pushing what it records. */
export function tablet(own: OwnCompetition, tag: string, ago = 10 * MIN) {
	const start = Date.now() - ago;
	const log = new DeviceLog({ deviceId: `${tag}-${own.competitionId}`, judge: 'Eva', competitionId: own.competitionId, heatId: own.heatId });
	log.start(start, own.entryIds);
	const push = async () => expectStatus(await call('POST', `/api/events/${own.eventId}/judge-events`, { token: own.judge, json: { events: log.events } }), 200, 'push');
	/** Entry `i` raises a hand `after` the start, confirmed a few seconds later. */
	const finish = async (i: number, after: number) => {
		log.confirm(log.hand(own.entryIds[i]!, start + after), start + after + 5_000);
		await push();
	};
	return { start, log, push, finish };
}

/** A competition of its own (czjpa-individual: 90 min, whole seconds) with `names`, shown live when `live`. */
export async function liveCompetition(tag: string, names: string[], live = true): Promise<OwnCompetition> {
	const own = await ownCompetition(tag, 'czjpa-individual', names);
	if (live) await showLive(own);
	return own;
}

/** Names the competition as people would (the organizer's set-up replaces a record by its ID). */
export async function nameCompetition(own: OwnCompetition, name: string): Promise<void> {
	const ruleset = { id: own.ruleset.id, version: own.ruleset.version };
	await writeSetup(own.eventId, own.org, { rulesets: [own.ruleset], competitions: [{ id: own.competitionId, eventId: own.eventId, name, ruleset }], heats: [], entries: [] });
}
