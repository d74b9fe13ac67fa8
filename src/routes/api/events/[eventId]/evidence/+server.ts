import { error } from '@sveltejs/kit';
import { getStore } from '$lib/server/db';
import { requireDevice } from '$lib/server/access';
import { readJsonBody } from '$lib/server/http-body';
import { answer } from '$lib/server/answer';
import { evidenceState, setEvidenceRetention } from '$lib/server/evidence';
import { describeIssues, toIssues } from '$lib/validation';
import { API, EvidenceSettingRequestSchema, MAX_EVIDENCE_RETENTION_DAYS } from '$lib/contract';
import type { RequestHandler } from './$types';

/** What the event keeps of its evidence (photos), and until when (the organizer's). */
export const GET: RequestHandler = ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'evidence.manage');
	return answer(API.evidence, evidenceState(store, params.eventId));
};

/** The retention: how many days after the final lock the photos are kept. */
export const PUT: RequestHandler = async ({ request, params }) => {
	const store = getStore();
	requireDevice(store, request, params.eventId, 'evidence.manage');
	const body = EvidenceSettingRequestSchema.safeParse(await readJsonBody(request, 4 * 1024, 'an evidence setting'));
	if (!body.success) error(400, `an evidence setting is {"retentionDays": 0…${MAX_EVIDENCE_RETENTION_DAYS}}: ${describeIssues(toIssues(body.error))}`);
	return answer(API.setEvidence, setEvidenceRetention(store, params.eventId, body.data.retentionDays));
};
