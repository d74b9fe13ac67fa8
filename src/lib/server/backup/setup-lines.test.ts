import { describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { busyStorePerTest, itemsOf } from './backup-lines.testkit';
import { eventRulesets } from './event-rulesets';
import { setUpLines } from './setup-lines';

let store: Store;
busyStorePerTest((s) => (store = s));

describe('setUpLines', () => {
	it('rulesets, then competitions with their origin, then every heat, then every entry, in the store’s order', () => {
		const competitions = store.listCompetitions('busy');
		const rulesets = eventRulesets(store, 'busy', competitions);
		const items = itemsOf(setUpLines(store, 'busy', rulesets, competitions));
		const many = (n: number, kind: string) => Array<string>(n).fill(kind);
		const sum = (key: 'heats' | 'entries') => competitions.reduce((n, c) => n + c[key], 0);
		expect(items.map((i) => i.kind)).toEqual([...many(rulesets.size, 'ruleset'), ...many(competitions.length, 'competition'), ...many(sum('heats'), 'heat'), ...many(sum('entries'), 'entry')]);
		expect(items.filter((i) => i.kind === 'ruleset').map((i) => i.item.ruleset)).toEqual([...rulesets.values()]);
		const ofKind = (k: string) => items.filter((i) => i.kind === k).map((i) => i.item);
		expect(ofKind('competition').map((c) => [(c.competition as { id: string }).id, c.origin])).toEqual(competitions.map((c) => [c.competition.id, expect.stringMatching(/^(organizer|device)$/)]));
		expect(ofKind('competition').map((c) => c.origin)).toContain('organizer');
		expect(ofKind('competition').map((c) => c.origin)).toContain('device');
		expect(ofKind('heat').map((h) => h.heat)).toEqual(competitions.flatMap((c) => store.listHeats('busy', c.competition.id)));
		expect(ofKind('entry').map((e) => e.entry)).toEqual(competitions.flatMap((c) => store.listEntries('busy', c.competition.id)));
	});
});
