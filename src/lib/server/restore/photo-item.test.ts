import { describe, expect, it } from 'vitest';
import type { BackupItem } from '../backup-format';
import { jpegBytes, pngBytes, sha256Hex } from '../photo.testkit';
import { refuseChangedPhoto } from './photo-item';
import { refusalOf } from './restore-steps.testkit';

type PhotoItem = Extract<BackupItem, { kind: 'photo' }>;

function itemOf(bytes: Buffer, said: Partial<PhotoItem['photo']> = {}): PhotoItem {
	const photo = { hash: sha256Hex(bytes), competitionId: 'c', heatId: 'h', entryId: 'e', puzzleId: null, judgeEventId: null, subject: 'tally', takenAt: 1, deviceId: 'dev-1', mediaType: 'image/jpeg', bytes: bytes.length, width: 10, height: 10, receivedAt: 2, ...said } as const;
	return { kind: 'photo', photo, data: bytes.toString('base64') };
}

describe('a backup’s photo is restored only as the bytes its line names (issue 33)', () => {
	it('takes bytes of their hash, type and size; refuses others, naming the line', () => {
		const bytes = jpegBytes(2000);
		expect(refusalOf(() => refuseChangedPhoto(itemOf(bytes), 'line 9'))).toBeUndefined();
		expect(refusalOf(() => refuseChangedPhoto(itemOf(bytes, { bytes: 1999 }), 'line 9'))).toEqual({ status: 400, message: expect.stringMatching(/^line 9: photo \w+ says it has 1999 bytes, and its data holds 2000$/) });
		expect(refusalOf(() => refuseChangedPhoto(itemOf(bytes, { mediaType: 'image/webp' }), 'line 9'))?.message).toMatch(/says it is image\/webp, and its data is image\/jpeg/);
		const png = pngBytes(2000);
		expect(refusalOf(() => refuseChangedPhoto(itemOf(png), 'line 9'))?.message).toMatch(/its data is a PNG image/);
		expect(refusalOf(() => refuseChangedPhoto(itemOf(bytes, { hash: sha256Hex(png) }), 'line 9'))?.message).toMatch(/its data has another SHA-256/);
	});
});
