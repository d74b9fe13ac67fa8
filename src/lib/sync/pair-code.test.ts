import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET as SERVER_ALPHABET, CODE_LENGTH as SERVER_LENGTH, newPairingCode, normalizeCode } from '$lib/server/pairing';
import { CODE_ALPHABET, CODE_LENGTH, codeProblem, formatCodeInput, normalizeServer } from './pair-code';

describe('typing a pairing code', () => {
	it('formats as typed: upper case, a dash after four, at most eight characters', () => {
		const typed = 'k7p2qx9m';
		const shown: string[] = [];
		let value = '';
		for (const ch of typed) {
			value = formatCodeInput(value + ch);
			shown.push(value);
		}
		expect(shown).toEqual(['K', 'K7', 'K7P', 'K7P2', 'K7P2-Q', 'K7P2-QX', 'K7P2-QX9', 'K7P2-QX9M']);
		expect(formatCodeInput('K7P2-QX9M-EXTRA')).toBe('K7P2-QX9M');
		expect(formatCodeInput(' k7 p2 - qx 9m ')).toBe('K7P2-QX9M');
		expect(formatCodeInput('K7P2-')).toBe('K7P2');
		expect(formatCodeInput('')).toBe('');
	});

	it('says what is wrong with a code', () => {
		expect(codeProblem('')).toBe('empty');
		expect(codeProblem('K7P2-QX9')).toBe('short');
		expect(codeProblem('K7P2-QX90')).toBe('look-alike');
		expect(codeProblem('k7p2-qxim')).toBe('look-alike');
		expect(codeProblem('k7p2qx9m')).toBeNull();
	});

	it('takes every code the server makes, as the server reads it', () => {
		expect(CODE_ALPHABET).toBe(SERVER_ALPHABET);
		expect(CODE_LENGTH).toBe(SERVER_LENGTH);
		for (let i = 0; i < 200; i++) {
			const code = newPairingCode();
			expect(formatCodeInput(code.toLowerCase())).toBe(code);
			expect(codeProblem(code)).toBeNull();
			expect(normalizeCode(formatCodeInput(code))).toBe(code.replace('-', ''));
		}
	});
});

describe('the server address', () => {
	it('is an http(s) origin', () => {
		expect(normalizeServer('https://judge.example.org/')).toBe('https://judge.example.org');
		expect(normalizeServer(' http://192.168.1.20:3000/pair ')).toBe('http://192.168.1.20:3000');
		expect(normalizeServer('judge.example.org:8443')).toBe('https://judge.example.org:8443');
		for (const bad of ['', '   ', 'ftp://judge.example', 'javascript:alert(1)', 'https://', 'https://user:pw@judge.example']) expect(normalizeServer(bad), bad).toBeNull();
	});
});
