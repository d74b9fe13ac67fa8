import type { JudgeEvent } from '$lib/events/schema';
import type { EventLog } from '$lib/db/event-log';
import type { PhotoListing as PhotoRow } from '$lib/db/photos';
import { attachPending, entryPhotos, photoBlob, storePhoto, tellPhotoStored, type PendingPhotos } from '$lib/db/photos';
import type { ProcessedPhoto } from '$lib/photos/process-photo';
import type { HeatFold } from './heat-fold.svelte';

/** Where a photo is taken: at a seat's (or a relay puzzle's) tally, or at its check with missing pieces. */
export interface PhotoPlace {
	entryId: string;
	/** The relay puzzle. */
	puzzleId?: string;
	subject: PhotoRow['subject'];
}

/**
 * The photos of evidence at the heat's seats (issue 33): taken at the tally of an unfinished
 * puzzle or at a confirmed check with missing pieces, stored on the tablet beside the judge
 * event they show (offline: nothing here needs the network), listed for the seat card's and the
 * relay puzzle's thumbnails. A photo taken before its event exists (while the groups are being
 * typed, or before the check is confirmed) is attached to it once it is recorded (`attach`).
 */
export class SeatPhotos {
	private readonly fold: HeatFold;
	private readonly log: EventLog;
	/** Each seat's photos, oldest first (thumbnails; the bytes stay in the database). */
	byEntry = $state.raw<ReadonlyMap<string, readonly PhotoRow[]>>(new Map());
	/** The last photo that could not be stored, said to the judge. */
	error = $state<string | null>(null);
	/** The first read of the seats' photos. */
	readonly ready: Promise<void>;

	constructor(fold: HeatFold, log: EventLog) {
		this.fold = fold;
		this.log = log;
		this.ready = this.reload();
	}

	/** The photos at a seat, or at one relay puzzle of it. */
	at(entryId: string, puzzleId?: string): readonly PhotoRow[] {
		const rows = this.byEntry.get(entryId) ?? [];
		return rows.filter((r) => r.puzzleId === puzzleId);
	}

	/**
	 * The recorded event a photo taken now at `place` shows: the latest tally of the seat (or
	 * relay puzzle), or its latest confirmed check with missing pieces; undefined while it is not
	 * recorded yet (the photo waits for it).
	 */
	eventFor(place: PhotoPlace): string | undefined {
		const puzzleFinish = place.puzzleId === undefined ? null : this.fold.outcomes.get(place.entryId)?.puzzles?.find((p) => p.puzzleId === place.puzzleId)?.finishEventId ?? null;
		const matches = (e: JudgeEvent) => {
			if (e.entryId !== place.entryId) return false;
			if (place.subject === 'tally') return e.type === 'tally.recorded' && e.payload.puzzleId === place.puzzleId;
			if (e.type !== 'check.confirmed' || e.payload.missingPieces <= 0) return false;
			return place.puzzleId === undefined || e.payload.ref === puzzleFinish;
		};
		const events = this.fold.events;
		for (let i = events.length - 1; i >= 0; i--) if (matches(events[i]!)) return events[i]!.id;
		return undefined;
	}

	/**
	 * Stores a photo taken at `place` (its bytes and thumbnail together, durably): attached to
	 * `judgeEventId` when given (the event it shows is recorded), else left to wait for it.
	 * True once stored.
	 */
	async add(place: PhotoPlace, photo: ProcessedPhoto, takenAt: number, judgeEventId?: string): Promise<boolean> {
		const { competition } = this.fold.setup;
		try {
			await storePhoto(
				this.log.db,
				{
					hash: photo.hash,
					eventId: competition.eventId,
					competitionId: competition.id,
					heatId: this.fold.heatId,
					entryId: place.entryId,
					...(place.puzzleId === undefined ? {} : { puzzleId: place.puzzleId }),
					...(judgeEventId === undefined ? {} : { judgeEventId }),
					subject: place.subject,
					takenAt: Math.round(takenAt),
					width: photo.width,
					height: photo.height,
					mediaType: photo.mediaType,
					bytes: photo.blob.size,
					thumbnail: photo.thumbnail
				},
				photo.blob
			);
			this.error = null;
		} catch (e) {
			this.error = e instanceof Error ? e.message : String(e);
			return false;
		}
		tellPhotoStored(this.log.db, this.log.deviceId);
		await this.reload(place.entryId);
		return true;
	}

	/** The tally or check of `place` was recorded: the photos taken while it was being entered now show it. */
	async attach(place: PendingPhotos, event: JudgeEvent | null): Promise<void> {
		if (!event) return;
		if ((await attachPending(this.log.db, place, event.id)) > 0) await this.reload(place.entryId);
	}

	/** Waits for the tally or check being recorded at `place`, attaches the photos taken meanwhile, and gives the event on. */
	async after(place: PendingPhotos, recorded: Promise<JudgeEvent | null>): Promise<JudgeEvent | null> {
		const event = await recorded;
		await this.attach(place, event);
		return event;
	}

	/** A photo's bytes from this tablet's database (the viewer), or an error when it is not here. */
	async load(hash: string): Promise<Blob> {
		const blob = await photoBlob(this.log.db, hash);
		if (!blob) throw new Error(`photo ${hash.slice(0, 12)}… is not on this tablet`);
		return blob;
	}

	/** Reads the photos of one seat again (all of the table's when none is named). */
	private async reload(entryId?: string): Promise<void> {
		const ids = entryId ? [entryId] : this.fold.seats.map((s) => s.id);
		const read = await Promise.all(ids.map(async (id) => [id, await entryPhotos(this.log.db, id)] as const));
		const next = new Map(this.byEntry);
		for (const [id, rows] of read) next.set(id, rows);
		this.byEntry = next;
	}
}
