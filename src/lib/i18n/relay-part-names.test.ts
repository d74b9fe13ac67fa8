import { describe, expect, it } from 'vitest';
import { presetById } from '$lib/rules/presets';
import { relayPartName, relayPlaceName, relayPuzzleName } from './relay-part-names';

const RELAY = presetById('czjpa-team-relay')!;

describe('relay part names', () => {
	it('CZ-TEAM-FORMAT: three numbered parts and the final; puzzles by part and number', () => {
		expect([0, 1, 2, 3].map((i) => relayPartName(RELAY, i, { locale: 'en' }))).toEqual(['Part 1', 'Part 2', 'Part 3', 'Final']);
		expect(['p1-2', 'p2-1', 'p3', 'final'].map((id) => relayPuzzleName(RELAY, id, { locale: 'en' }))).toEqual(['Part 1 · puzzle 2', 'Part 2 · puzzle 1', 'Part 3', 'Final']);
		expect(relayPuzzleName(RELAY, 'p1-3', { locale: 'cs' })).toBe('1. část · puzzle 3');
		expect(relayPartName(RELAY, 3, { locale: 'es' })).toBe('Final');
		expect(relayPlaceName(RELAY, 'p1-4', { locale: 'es' })).toBe('puzle 4');
	});
});
