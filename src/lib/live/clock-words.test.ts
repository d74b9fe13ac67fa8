import { describe, expect, it } from 'vitest';
import { clockWords } from './clock-words';

describe('clockWords', () => {
	it('says each phase as the room display does, the countdowns rounded up', () => {
		expect(clockWords({ phase: 'waiting', ms: 0, leftMs: null, stillGoing: 0 }, 'en')).toEqual({ phase: 'Waiting for the start', time: '', left: '', leftLabel: 'Time left', going: '' });
		expect(clockWords({ phase: 'preview', ms: 59_001, leftMs: null, stillGoing: 2 }, 'en')).toEqual({ phase: 'Preview', time: '1:00', left: '', leftLabel: 'Time left', going: '2 still going' });
		expect(clockWords({ phase: 'running', ms: 61_999, leftMs: 30_001, stillGoing: 1 }, 'en')).toEqual({ phase: 'Time', time: '1:01', left: '0:31', leftLabel: 'Time left', going: '1 still going' });
		expect(clockWords({ phase: 'running', ms: 1_000, leftMs: null, stillGoing: 0 }, 'cs')).toMatchObject({ left: '', going: '' });
		expect(clockWords({ phase: 'all-finished', ms: 600_000, leftMs: null, stillGoing: 0 }, 'en')).toMatchObject({ phase: 'All finished', time: '10:00', left: '', going: '' });
		expect(clockWords({ phase: 'time-up', ms: 5_400_000, leftMs: null, stillGoing: 3 }, 'es')).toMatchObject({ time: '1:30:00', going: '3 siguen compitiendo' });
	});
});
