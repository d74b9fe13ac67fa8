import { describe, expect, it } from 'vitest';
import { MIN, T0 } from '../backup.testkit';
import { reviseCompetitionRuleset } from '../event-preparation';
import type { Store } from '../store';
import { busyStorePerTest } from './backup-lines.testkit';
import { eventRulesets } from './event-rulesets';

let store: Store;
let busy: Parameters<Parameters<typeof busyStorePerTest>[0]>[1];
busyStorePerTest((s, b) => ((store = s), (busy = b)));

const keys = () => [...eventRulesets(store, 'busy', store.listCompetitions('busy')).keys()];

describe('eventRulesets', () => {
	it('the versions the competitions use, each once', () => {
		expect(keys()).toEqual(['czjpa-individual@1', 'czjpa-individual@2']);
	});

	it('CZ-GEN-CHANGES: then the versions only the history of ruleset versions names, so that a restored history points at rulesets that exist', () => {
		const R = store.getRuleset('czjpa-individual', 2)!;
		reviseCompetitionRuleset(store, busy.org, 'busy', busy.competitions.f, { baseVersion: 2, ruleset: { ...R, timeLimitMs: 110 * MIN }, reason: 'Longer still' }, T0);
		// Version 2 is no competition's now; the history names it (1 → 2, 2 → 3).
		expect(store.listCompetitions('busy').map((c) => c.ruleset.version)).not.toContain(2);
		expect(keys()).toEqual(['czjpa-individual@1', 'czjpa-individual@3', 'czjpa-individual@2']);
		expect(eventRulesets(store, 'busy', store.listCompetitions('busy')).get('czjpa-individual@2')).toEqual(R);
	});

	it('nothing of an event without competitions', () => {
		expect(eventRulesets(store, 'nowhere', [])).toEqual(new Map());
	});
});
