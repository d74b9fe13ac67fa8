/**
 * How a form field tells about itself: one message under its control, the hint while all is
 * well, the error in its place when there is one, and the control described by that message
 * (aria-describedby) and marked invalid (aria-invalid) while it is an error.
 */
export interface FieldMessage {
	/** The message element's ID (`${fieldId}-hint`), or null when there is nothing to say. */
	id: string | null;
	text: string | null;
	error: boolean;
}

export interface FieldControlAttributes {
	id: string;
	'aria-describedby': string | undefined;
	'aria-invalid': 'true' | undefined;
}

export function fieldMessage(fieldId: string, hint: string | null | undefined, error: string | null | undefined): FieldMessage {
	const text = error || hint || null;
	return { id: text === null ? null : `${fieldId}-hint`, text, error: !!error };
}

/** The attributes the field's control carries (spread onto the input, select or textarea). */
export function fieldControl(fieldId: string, message: FieldMessage): FieldControlAttributes {
	return { id: fieldId, 'aria-describedby': message.id ?? undefined, 'aria-invalid': message.error ? 'true' : undefined };
}
