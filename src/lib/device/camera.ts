/**
 * The tablet's camera, as the QR scanner (sync/ui/qr-scan.ts) and the evidence photos
 * (src/lib/photos) both open it: why it cannot be used, told before asking and from
 * getUserMedia's error, and how it is opened and given back. Browser-only where it opens; the
 * rest is pure and unit-tested.
 */

/** Why the camera cannot be used, worded by the page that asked. */
export type CameraProblem =
	/** Not a secure context (plain http to another machine): browsers hide the camera. */
	| 'insecure'
	/** The browser has no camera API, or the device has no camera. */
	| 'no-camera'
	/** The person (or a policy) refused the camera. */
	| 'denied'
	/** Another app holds the camera, or it failed to start. */
	| 'busy'
	| 'failed';

/** The first problem that stops the camera before even asking, or null. */
export function cameraPrecheck(env: { isSecureContext?: boolean; mediaDevices?: { getUserMedia?: unknown } | undefined }): CameraProblem | null {
	if (env.isSecureContext === false) return 'insecure';
	if (typeof env.mediaDevices?.getUserMedia !== 'function') return 'no-camera';
	return null;
}

/** getUserMedia's error as a problem (DOMException names). */
export function cameraProblemOf(e: unknown): CameraProblem {
	const name = e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e) ? String((e as { name: unknown }).name) : '';
	switch (name) {
		case 'NotAllowedError':
		case 'PermissionDeniedError':
			return 'denied';
		case 'SecurityError':
			return 'insecure';
		case 'NotFoundError':
		case 'DevicesNotFoundError':
		case 'OverconstrainedError':
			return 'no-camera';
		case 'NotReadableError':
		case 'TrackStartError':
		case 'AbortError':
			return 'busy';
		default:
			return 'failed';
	}
}

/** Opens the back camera when there is a choice, asking for about `width`×`height` (what the camera gives may be less). */
export async function openCamera(mediaDevices: MediaDevices, size: { width: number; height: number }): Promise<MediaStream> {
	return mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: size.width }, height: { ideal: size.height } } });
}

export function stopCamera(stream: MediaStream | null): void {
	for (const track of stream?.getTracks() ?? []) track.stop();
}
