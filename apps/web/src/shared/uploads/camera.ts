import { PHOTO_CAPTURE, photoFileName } from '@faena/domain/forms/constants';
import { CameraPermissionError } from '../platform/platform.ts';

/** i18n keys (under uploads.camera) of the camera errors of spec §8. */
export type CameraProblem = 'notSupported' | 'noCameras' | 'permissionDenied' | 'notFound' | 'inUse' | 'aborted' | 'overconstrained' | 'https' | 'nativePermission';

/** A failure while grabbing a frame (shown as "Error al usar la cámara: …"). */
export class CaptureError extends Error {
  override name = 'CaptureError';
  readonly reason: 'dimensions' | 'canvas' | 'image' | 'timeout';
  constructor(reason: CaptureError['reason']) {
    super(reason);
    this.reason = reason;
  }
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
}

/** Before asking for the stream: a camera API we can use at all, over a secure connection. */
export function cameraPrecheck(env: { isSecureContext: boolean; hostname: string; hasMediaDevices: boolean }): CameraProblem | null {
  if (!env.isSecureContext && !isLocalhost(env.hostname)) return 'https';
  if (!env.hasMediaDevices) return 'notSupported';
  return null;
}

/** The spec's text for a getUserMedia (or native) failure, or null for an unknown one. */
export function cameraProblemOf(error: unknown): CameraProblem | null {
  if (error instanceof CameraPermissionError) return 'nativePermission';
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'permissionDenied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'inUse';
    case 'AbortError':
      return 'aborted';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'overconstrained';
    case 'SecurityError':
      return 'https';
    case 'TypeError':
      return 'notSupported';
    default:
      return null;
  }
}

/** Waits until the video has frames (30 tries at 100 ms, spec §8). */
export async function waitForVideo(video: HTMLVideoElement, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<void> {
  for (let attempt = 0; attempt < PHOTO_CAPTURE.videoReadyTries; attempt += 1) {
    if (video.readyState >= 2 && video.videoWidth > 0 && video.videoHeight > 0) return;
    await sleep(PHOTO_CAPTURE.videoReadyIntervalMs);
  }
  throw new CaptureError('timeout');
}

/** One frame of the video as foto_{timestamp}.jpeg at quality 0.85. */
export async function grabFrame(video: HTMLVideoElement, now = Date.now()): Promise<File> {
  await waitForVideo(video);
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!(width > 0 && height > 0)) throw new CaptureError('dimensions');
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new CaptureError('canvas');
  context.drawImage(video, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_CAPTURE.jpegQualityWeb));
  if (!blob) throw new CaptureError('image');
  return new File([blob], photoFileName(now), { type: 'image/jpeg' });
}

/** A native capture as foto_{timestamp}.jpeg. */
export function nativePhotoFile(blob: Blob, now = Date.now()): File {
  return new File([blob], photoFileName(now), { type: 'image/jpeg' });
}
