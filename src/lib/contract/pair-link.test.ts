import { describe, expect, it } from 'vitest';
import { pairUrl, parsePairLink } from './pair-link';

const TOKEN = 'q3Vx0fJ9mN2pL8sT4wY6zA1bC5dE7gH9iK0lM2nO4pQ';

describe('pairing links', () => {
	it('reads back what the server puts in the QR code', () => {
		for (const origin of ['https://judge.example', 'http://192.168.1.20:3000', 'https://puzzle.local:8443'])
			expect(parsePairLink(pairUrl(origin, 'spring-cup', TOKEN))).toEqual({ server: origin, event: 'spring-cup', token: TOKEN });
	});

	it('refuses anything else', () => {
		for (const text of [
			'',
			'hello',
			'https://judge.example/pair',
			'https://judge.example/pair#server=https://judge.example&event=x',
			`https://judge.example/other#server=https://judge.example&event=x&token=${TOKEN}`,
			`https://judge.example/pair#server=javascript:alert(1)&event=x&token=${TOKEN}`,
			`https://judge.example/pair#server=https://judge.example&event=bad id&token=${TOKEN}`,
			`https://judge.example/pair#server=https://judge.example&event=x&token=short`
		])
			expect(parsePairLink(text), text).toBeNull();
	});
});
