import { describe, expect, it } from 'vitest';
import { describeIssues, validate } from '$lib/validation';
import { CompetitionSchema, EntrySchema, EventSchema, HeatSchema } from './schema';
import { SetupWriteSchema } from '$lib/contract';

const entry = { id: 'e1', competitionId: 'c', heatId: 'h', name: 'Ann', members: [], table: '1', seat: 'A' };

describe('the set-up schemas (issue 29 #8)', () => {
	it('issue 29 #8: an entry’s table and seat are stored in their display form: trimmed, spaces collapsed, a number without leading zeros; "T1" stays "T1"', () => {
		expect(EntrySchema.parse({ ...entry, table: ' 01 ', seat: 'A\u00a0' })).toMatchObject({ table: '1', seat: 'A' });
		expect(EntrySchema.parse({ ...entry, table: 'Table\u00a0\u00a02', seat: '007' })).toMatchObject({ table: 'Table 2', seat: '7' });
		expect(EntrySchema.parse({ ...entry, table: 'T1', seat: 'a' })).toMatchObject({ table: 'T1', seat: 'a' });
		expect(EntrySchema.parse(entry)).toEqual(entry);
	});

	it('issue 29 #8: a control character in a name or a label is refused, the 400 text naming the field', () => {
		const refused = (input: unknown) => {
			const r = validate(SetupWriteSchema, input);
			return r.ok ? 'accepted' : describeIssues(r.issues);
		};
		expect(refused({ entries: [{ ...entry, name: 'Ann\u0000' }] })).toMatch(/^entries\[0\]\.name: a control character \(U\+0000 at character 4\)/);
		expect(refused({ entries: [entry, { ...entry, id: 'e2', members: [{ id: 'm', name: 'Bob\u202e' }] }] })).toMatch(/^entries\[1\]\.members\[0\]\.name: a control character \(U\+202E/);
		expect(refused({ entries: [{ ...entry, table: '1\n' }] })).toMatch(/^entries\[0\]\.table: a control character \(U\+000A/);
		expect(refused({ entries: [{ ...entry, seat: '\u0085A' }] })).toMatch(/^entries\[0\]\.seat: a control character \(U\+0085/);
		expect(refused({ heats: [{ id: 'h', competitionId: 'c', name: 'Heat\u2028 1' }] })).toMatch(/^heats\[0\]\.name: a control character \(U\+2028/);
		expect(refused({ competitions: [{ id: 'c', eventId: 'e', name: 'Solo\u0007', ruleset: { id: 'r', version: 1 } }] })).toMatch(/^competitions\[0\]\.name: a control character \(U\+0007/);
		expect(refused({ entries: [entry] })).toBe('accepted');
	});

	it('issue 29 #8: the event’s, competition’s and heat’s names refuse control characters too', () => {
		expect(EventSchema.safeParse({ id: 'e', name: 'Cup\u0000', date: '2025-05-01' }).success).toBe(false);
		expect(CompetitionSchema.safeParse({ id: 'c', eventId: 'e', name: '\u200fSolo', ruleset: { id: 'r', version: 1 } }).success).toBe(false);
		expect(HeatSchema.safeParse({ id: 'h', competitionId: 'c', name: 'Heat\t1' }).success).toBe(false);
		expect(HeatSchema.safeParse({ id: 'h', competitionId: 'c', name: 'Heat 1' }).success).toBe(true);
	});
});
