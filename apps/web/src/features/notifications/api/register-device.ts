import type { TDevice } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { NOTIFICATIONS_API } from './get-inbox.ts';

export interface RegisterDeviceBody {
  /** A browser PushSubscription (its JSON) or a native push token. */
  token: PushSubscriptionJSON | string;
  platform: string;
  [info: string]: unknown;
}

/** POST /notifications/devices/fcm_tokens — device info plus token (registerDevice). */
export function registerDevice(body: RegisterDeviceBody): Promise<TDevice> {
  return apiClient.post<TDevice>(`${NOTIFICATIONS_API}/devices/fcm_tokens`, { json: body });
}
