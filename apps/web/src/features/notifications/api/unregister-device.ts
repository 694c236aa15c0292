import { apiClient } from '../../../shared/api/api-client.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';

/** DELETE /notifications/devices/fcm_tokens/{token} — for a browser, its endpoint (unregisterDevice). */
export function unregisterDevice(token: string, options: { idToken?: string; signal?: AbortSignal } = {}): Promise<void> {
  return apiClient.delete<void>(`${NOTIFICATIONS_API}/devices/fcm_tokens/${encodeURIComponent(token)}`, {
    responseType: 'none',
    signal: options.signal,
    ...(options.idToken ? { auth: false, headers: { authorization: `Bearer ${options.idToken}` } } : {}),
  });
}
