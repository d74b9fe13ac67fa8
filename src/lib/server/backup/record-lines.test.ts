import { describe, expect, it } from 'vitest';
import { listDraws } from '../draws';
import { listMerges } from '../competition-merges';
import type { Store } from '../store';
import { busyStorePerTest, itemsOf } from './backup-lines.testkit';
import { drawLines, heatStartLines, judgeEventLines, mergeLines, publicationLines, rulesetChangeLines } from './record-lines';

let store: Store;
busyStorePerTest((s) => (store = s));

const stored = (sql: string) => store.db.prepare(sql).all('busy') as Record<string, unknown>[];

describe('the lines of what was recorded', () => {
	it('judgeEventLines: every judge event in arrival order, its stored text as it is, with its number, arrival and token', () => {
		const rows = stored('SELECT server_seq, json, received_at, token_id FROM judge_events WHERE event_id = ? ORDER BY server_seq');
		const items = itemsOf(judgeEventLines(store.db, 'busy'));
		expect(items.map((i) => [i.item.serverSeq, i.item.receivedAt, i.item.tokenId])).toEqual(rows.map((r) => [r.server_seq, r.received_at, r.token_id]));
		for (const [i, { text }] of items.entries()) expect(text).toContain(`,"event":${rows[i]!.json as string}}`);
	});

	it('heatStartLines: every heat start in the order of its number', () => {
		const items = itemsOf(heatStartLines(store.db, 'busy'));
		expect(items.map((i) => i.item.heatStart)).toEqual(
			stored('SELECT seq, id, competition_id, heat_id, server_at, token_id, created_at FROM heat_starts WHERE event_id = ? ORDER BY seq').map((s) => ({
				seq: s.seq, id: s.id, competitionId: s.competition_id, heatId: s.heat_id, serverAt: s.server_at, tokenId: s.token_id, createdAt: s.created_at
			}))
		);
	});

	it('publicationLines: every version of the results, its stored snapshot as it is, last', () => {
		const rows = stored('SELECT version, state, note, snapshot FROM publications WHERE event_id = ? ORDER BY competition_id, version');
		const items = itemsOf(publicationLines(store.db, 'busy'));
		expect(items.map((i) => i.item.publication)).toMatchObject(rows.map((r) => ({ eventId: 'busy', version: r.version, state: r.state, note: r.note })));
		for (const [i, { text }] of items.entries()) expect(text.endsWith(`,"snapshot":${rows[i]!.snapshot as string}}}\n`)).toBe(true);
	});

	it('mergeLines, rulesetChangeLines, drawLines: the merges, the ruleset history with its numbers, the draws', () => {
		expect(itemsOf(mergeLines(store, 'busy')).map((i) => i.item.merge)).toEqual(listMerges(store, 'busy'));
		const changes = stored('SELECT seq, json FROM ruleset_changes WHERE event_id = ? ORDER BY seq');
		expect(itemsOf(rulesetChangeLines(store.db, 'busy')).map((i) => [i.item.seq, i.item.eventId, i.item.change])).toEqual(changes.map((c) => [c.seq, 'busy', JSON.parse(c.json as string)]));
		expect(itemsOf(drawLines(store.db, 'busy')).map((i) => i.item.draw)).toEqual(listDraws(store, 'busy'));
	});

	it('nothing of another event', () => {
		for (const lines of [judgeEventLines(store.db, 'nowhere'), heatStartLines(store.db, 'nowhere'), publicationLines(store.db, 'nowhere'), rulesetChangeLines(store.db, 'nowhere'), drawLines(store.db, 'nowhere')])
			expect([...lines]).toEqual([]);
	});
});
