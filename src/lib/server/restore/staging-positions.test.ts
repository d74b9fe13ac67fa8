import { describe, expect, it } from 'vitest';
import { StagingPositions } from './staging-positions';

describe('StagingPositions', () => {
	it('numbers competitions in the event, heats and entries in their competition, from 0 in the order asked', () => {
		const p = new StagingPositions();
		expect([p.nextCompetition(), p.nextCompetition(), p.nextCompetition()]).toEqual([0, 1, 2]);
		expect([p.nextHeat('q'), p.nextHeat('f'), p.nextHeat('q'), p.nextHeat('q')]).toEqual([0, 0, 1, 2]);
		// Entries count apart from heats.
		expect([p.nextEntry('q'), p.nextEntry('q'), p.nextEntry('f')]).toEqual([0, 1, 0]);
	});
});
