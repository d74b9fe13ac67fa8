import { error } from '@sveltejs/kit';
import { createHash } from 'node:crypto';
import type { BackupItem } from '../backup-format';
import { photoTypeOf } from '../photo-type';

/**
 * A backup's photo (issue 33) is restored only as the bytes its line names: 400 when their SHA-256
 * is not its hash, their first bytes not its media type (JPEG or WebP), or their length not its size.
 */
export function refuseChangedPhoto(item: Extract<BackupItem, { kind: 'photo' }>, where: string): void {
	const p = item.photo;
	const bytes = Buffer.from(item.data, 'base64');
	if (bytes.byteLength !== p.bytes) error(400, `${where}: photo ${p.hash} says it has ${p.bytes} bytes, and its data holds ${bytes.byteLength}`);
	const type = photoTypeOf(bytes);
	if (!type.ok || type.mediaType !== p.mediaType) error(400, `${where}: photo ${p.hash} says it is ${p.mediaType}, and its data is ${type.ok ? type.mediaType : type.what}`);
	if (createHash('sha256').update(bytes).digest('hex') !== p.hash) error(400, `${where}: photo ${p.hash}: its data has another SHA-256 (changed or cut)`);
}
