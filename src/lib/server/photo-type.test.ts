import { describe, expect, it } from 'vitest';
import { photoTypeOf, refusedTypeMessage } from './photo-type';
import { jpegBytes, pngBytes, webpBytes } from './photo.testkit';

const bytesOf = (text: string) => Buffer.from(text, 'latin1');

describe('a photo is told by its first bytes (issue 33)', () => {
	it('keeps JPEG and WebP', () => {
		expect(photoTypeOf(jpegBytes(100))).toEqual({ ok: true, mediaType: 'image/jpeg' });
		expect(photoTypeOf(webpBytes(100))).toEqual({ ok: true, mediaType: 'image/webp' });
	});

	it('names what else it is, whatever it is called', () => {
		expect(photoTypeOf(pngBytes(100))).toEqual({ ok: false, what: 'a PNG image' });
		expect(photoTypeOf(bytesOf('GIF89a……'))).toEqual({ ok: false, what: 'a GIF image' });
		expect(photoTypeOf(bytesOf('%PDF-1.7\n'))).toEqual({ ok: false, what: 'a PDF document' });
		expect(photoTypeOf(bytesOf('\0\0\0\x18ftypheic\0\0\0\0'))).toEqual({ ok: false, what: 'a HEIC image' });
		expect(photoTypeOf(bytesOf('\0\0\0\x18ftypavif\0\0\0\0'))).toEqual({ ok: false, what: 'an AVIF image' });
		expect(photoTypeOf(bytesOf('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ ok: false, what: 'an SVG or XML document' });
		// A RIFF that is not WebP (a WAV sound) is not a photo.
		expect(photoTypeOf(bytesOf('RIFF\x10\0\0\0WAVEfmt '))).toEqual({ ok: false, what: 'not an image this server recognises' });
		expect(photoTypeOf(bytesOf('\xff\xd8'))).toEqual({ ok: false, what: 'not an image this server recognises' });
		expect(refusedTypeMessage('a PNG image')).toBe('the photo is a PNG image: only JPEG or WebP photos are kept');
	});
});
