import { describe, expect, it } from 'vitest';
import type { Conflict } from '../types';
import { competition, MIN, SEC, T0, tablet } from '../testkit';
import { clockStart } from './clock-start';

const entry = competition('es-adult-individual', ['Ann']).entries[0]!;

describe('clockStart', () => {
	it('no start listing the entry: no clock', () => {
		const conflicts: Conflict[] = [];
		expect(clockStart(entry, [], conflicts)).toEqual({ previewAt: null, startedAt: null });
		expect(conflicts).toEqual([]);
	});

	it('ES-PREVIEW: the clock starts after the preview; the preview begins at the start', () => {
		const conflicts: Conflict[] = [];
		expect(clockStart(entry, [tablet().start(T0, ['ann'], 2 * MIN)], conflicts)).toEqual({ previewAt: T0, startedAt: T0 + 2 * MIN });
		expect(conflicts).toEqual([]);
	});

	it('CZ-GEN-START: two different starts are a conflict and the first counts', () => {
		const conflicts: Conflict[] = [];
		const first = tablet('tab-a').start(T0, ['ann']);
		const second = tablet('tab-b').start(T0 + 5 * SEC, ['ann']);
		expect(clockStart(entry, [first, second], conflicts)).toEqual({ previewAt: T0, startedAt: T0 });
		expect(conflicts).toHaveLength(1);
		expect(conflicts[0]).toMatchObject({ kind: 'double-start', eventIds: [first.id, second.id], message: '2 different starts for Ann; the first counts' });
	});

	it('the same start recorded twice (two tablets, one moment) is no conflict', () => {
		const conflicts: Conflict[] = [];
		clockStart(entry, [tablet('tab-a').start(T0, ['ann']), tablet('tab-b').start(T0, ['ann'])], conflicts);
		expect(conflicts).toEqual([]);
	});
});
