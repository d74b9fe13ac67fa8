import { describe, expect, it } from 'vitest';
import { fieldControl, fieldMessage } from './field';

describe('a field’s message and its control’s wiring', () => {
	it('shows the hint, describes the control by it, and the control is valid', () => {
		const message = fieldMessage('pair-code', '8 characters', null);
		expect(message).toEqual({ id: 'pair-code-hint', text: '8 characters', error: false });
		expect(fieldControl('pair-code', message)).toEqual({ id: 'pair-code', 'aria-describedby': 'pair-code-hint', 'aria-invalid': undefined });
	});

	it('puts the error in the hint’s place: the control is described by it and marked invalid', () => {
		const message = fieldMessage('pair-code', '8 characters', 'Codes never contain 0');
		expect(message).toEqual({ id: 'pair-code-hint', text: 'Codes never contain 0', error: true });
		expect(fieldControl('pair-code', message)).toEqual({ id: 'pair-code', 'aria-describedby': 'pair-code-hint', 'aria-invalid': 'true' });
	});

	it('says nothing without a hint or an error: the control is described by nothing', () => {
		const message = fieldMessage('judge', undefined, null);
		expect(message).toEqual({ id: null, text: null, error: false });
		expect(fieldControl('judge', message)).toEqual({ id: 'judge', 'aria-describedby': undefined, 'aria-invalid': undefined });
	});

	it('an error without a hint is said all the same', () => {
		const message = fieldMessage('judge', null, 'Type your name first.');
		expect(fieldControl('judge', message)).toEqual({ id: 'judge', 'aria-describedby': 'judge-hint', 'aria-invalid': 'true' });
		// An empty error is no error.
		expect(fieldMessage('judge', 'Hint', '').error).toBe(false);
	});
});
