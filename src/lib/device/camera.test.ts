import { describe, expect, it } from 'vitest';
import { cameraPrecheck, cameraProblemOf } from './camera';

describe('camera problems', () => {
	it('are told apart', () => {
		expect(cameraPrecheck({ isSecureContext: false, mediaDevices: { getUserMedia: () => {} } })).toBe('insecure');
		expect(cameraPrecheck({ isSecureContext: true, mediaDevices: undefined })).toBe('no-camera');
		expect(cameraPrecheck({ isSecureContext: true, mediaDevices: { getUserMedia: () => {} } })).toBeNull();
		const named = (name: string) => Object.assign(new Error(name), { name });
		expect(cameraProblemOf(named('NotAllowedError'))).toBe('denied');
		expect(cameraProblemOf(named('NotFoundError'))).toBe('no-camera');
		expect(cameraProblemOf(named('NotReadableError'))).toBe('busy');
		expect(cameraProblemOf(named('SecurityError'))).toBe('insecure');
		expect(cameraProblemOf('weird')).toBe('failed');
	});
});
