import { m } from '$lib/i18n';
import type { Pairing } from '$lib/sync/pairing';

// A file of its own: the station's home names the tablet with it, and sharing pairing-messages.ts
// with the /pair page put all of that page's messages into the station's first load (issue 34).

/**
 * The device's name as the device shows it: a tablet paired by a table card words it in its own
 * language from the card (issue 30 #15: the server's label is its own record); any other device
 * as the organizer named it.
 */
export function deviceName(pairing: Pick<Pairing, 'deviceLabel' | 'card'>): string {
	const card = pairing.card;
	if (!card) return pairing.deviceLabel;
	const words = { heat: card.heatName, table: card.table };
	return card.tablet ? m.pair_card_device({ ...words, tablet: card.tablet }) : m.pair_card_device_one(words);
}
