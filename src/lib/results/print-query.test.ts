import { describe, expect, it } from 'vitest';
import { printQueryOf } from './print-query';

describe('print query', () => {
	it('takes a competition ID', () => {
		expect(printQueryOf(new URLSearchParams('competition=demo-czjpa-individual'))).toEqual({ ok: true, value: { competition: 'demo-czjpa-individual' } });
	});
	it('refuses a missing or malformed competition with the field named', () => {
		expect(printQueryOf(new URLSearchParams(''))).toMatchObject({ ok: false, error: expect.stringContaining('competition') });
		expect(printQueryOf(new URLSearchParams('competition=%3Cscript%3E'))).toMatchObject({ ok: false, error: expect.stringContaining('competition') });
	});
});
