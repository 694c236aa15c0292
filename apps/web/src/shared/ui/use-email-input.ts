import { useState } from 'react';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '@faena/domain/email';

/**
 * An e-mail box's value and error: `checked()` answers the trimmed address, or null after showing
 * the spec's 'Invalid email' (the same text in every language, API.md §Web).
 */
export function useEmailInput(initial = '') {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const checked = (): string | null => {
    const trimmed = email.trim();
    const valid = isValidEmail(trimmed);
    setError(valid ? undefined : INVALID_EMAIL_MESSAGE);
    return valid ? trimmed : null;
  };
  return { email, setEmail, error, checked };
}
