import { apiClient } from '../../../shared/api/api-client.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';

/** GET /notifications/devices/web_push_key → the VAPID public key browsers subscribe with. */
export function getWebPushKey(): Promise<{ publicKey: string }> {
  return apiClient.get<{ publicKey: string }>(`${NOTIFICATIONS_API}/devices/web_push_key`);
}
