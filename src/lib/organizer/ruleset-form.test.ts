import { describe, expect, it } from 'vitest';
import { presetById, PRESETS } from '$lib/rules/presets';
import { draftOf, fieldOfIssue, fieldsFor, RULESET_FIELDS, rulesetFromDraft } from './ruleset-form';

const cz = presetById('czjpa-individual')!;
const family = presetById('es-family-group')!;

describe('the ruleset form', () => {
	it('reads every preset into text and back unchanged', () => {
		for (const r of PRESETS) {
			const back = rulesetFromDraft(r, draftOf(r));
			expect(back, r.id).toEqual({ ok: true, ruleset: r, changed: false });
		}
	});

	it('shows each parameter with a label and one line of help, only where it applies', () => {
		for (const f of RULESET_FIELDS) {
			expect(f.label().length, f.key).toBeGreaterThan(2);
			expect(f.help().length, f.key).toBeGreaterThan(10);
		}
		expect(fieldsFor(cz).map((f) => f.key)).toContain('missing_penalty');
		expect(fieldsFor(cz).map((f) => f.key)).not.toContain('pause_count');
		expect(fieldsFor(presetById('es-adult-individual')!).map((f) => f.key)).toContain('pause_count');
		expect(fieldsFor(presetById('czjpa-team-relay')!).map((f) => f.key)).not.toContain('pieces');
	});

	it('CZ-TEAM-DRAW: "everyone registers alone; the teams are drawn" is a yes/no of units of several, on for the relay, left out when off', () => {
		const relay = presetById('czjpa-team-relay')!;
		expect(fieldsFor(cz).map((f) => f.key)).not.toContain('drawn');
		expect(draftOf(relay).drawn).toBe('true');
		expect(draftOf(family).drawn).toBe('');
		const off = rulesetFromDraft(relay, { ...draftOf(relay), drawn: 'false' });
		expect(off.ok && off.changed).toBe(true);
		expect(off.ok && 'drawn' in off.ruleset.unit).toBe(false);
		const on = rulesetFromDraft(family, { ...draftOf(family), drawn: 'true' });
		expect(on).toMatchObject({ ok: true, changed: true, ruleset: { unit: { drawn: true } } });
	});

	it('CZ-GEN-CHANGES: a time limit in minutes becomes milliseconds, and the change is seen', () => {
		const r = rulesetFromDraft(cz, { ...draftOf(cz), time_limit: '100' });
		expect(r).toEqual({ ok: true, ruleset: { ...cz, timeLimitMs: 100 * 60_000 }, changed: true });
		expect(rulesetFromDraft(cz, { ...draftOf(cz), preview: '1,5' })).toMatchObject({ ok: true, ruleset: { previewMs: 90_000 } });
	});

	it('puts each schema error next to the field that is wrong', () => {
		expect(rulesetFromDraft(cz, { ...draftOf(cz), time_limit: 'soon' })).toEqual({ ok: false, errors: { time_limit: 'Enter a number.' }, general: [] });
		const bad = rulesetFromDraft(cz, { ...draftOf(cz), pieces: '0', currency: 'korun' });
		expect(bad.ok).toBe(false);
		if (bad.ok) return;
		expect(Object.keys(bad.errors).sort()).toEqual(['currency', 'pieces']);
		expect(bad.errors).toEqual({ pieces: 'Must be more than 0.', currency: 'Three capital letters of a currency, such as CZK or EUR.' });
		// The preview must be shorter than the limit: shown at the preview.
		const preview = rulesetFromDraft(cz, { ...draftOf(cz), preview: '95' });
		expect(preview).toMatchObject({ ok: false, errors: { preview: 'The preview must be shorter than the time limit.' } });
		// min above max of the unit's size: at the smallest unit.
		const size = rulesetFromDraft(family, { ...draftOf(family), size_min: '9' });
		expect(size).toMatchObject({ ok: false, errors: { size_min: 'The minimum must not be above the maximum.' } });
		// An age range whose min is above its max: the issue is about the range, shown at its first field.
		expect(rulesetFromDraft(family, { ...draftOf(family), age_min: '20', age_max: '10' })).toMatchObject({ ok: false, errors: { age_min: 'The minimum must not be above the maximum.' } });
	});

	it('empty text leaves out an optional value, or sets no capacity / no refund (CZ-IND-CAP, CZ-GEN-REFUND)', () => {
		const r = rulesetFromDraft(cz, { ...draftOf(cz), capacity: '', refund: '', accompanied: '' });
		expect(r.ok && r.ruleset.capacity).toBe(null);
		expect(r.ok && r.ruleset.refund).toBe(null);
		expect(r.ok && 'accompaniedUnderAge' in r.ruleset.unit).toBe(false);
		const es = presetById('es-adult-group')!;
		const capped = rulesetFromDraft(es, { ...draftOf(es), capacity: '12' });
		expect(capped.ok && capped.ruleset.capacity).toEqual({ max: 12, per: 'entry' });
		const aged = rulesetFromDraft(family, { ...draftOf(family), age_min: '3' });
		expect(aged.ok && aged.ruleset.unit.memberAge).toEqual({ min: 3 });
	});

	it('finds the field of an issue path: its own, the first below a more general one', () => {
		const fields = fieldsFor(cz);
		expect(fieldOfIssue(fields, ['capacity', 'max'])?.key).toBe('capacity');
		expect(fieldOfIssue(fields, ['unit', 'size'])?.key).toBe('size_min');
		expect(fieldOfIssue(fields, ['clauses', 0])).toBe(null);
	});
});
