import { PUBLIC_PHOTO_MAX_BYTES } from '@faena/contracts/assets';

const MAX_SIDE = 1600;

/**
 * A photo for the public report as a data URL: shrunk to at most 1600 px a side as JPEG (a phone's
 * 12-megapixel picture would not fit the 5 MB limit), or as it is when the browser cannot draw it.
 */
export async function photoDataUrl(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new Error('not-an-image');
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    // JPEG has no transparency: a transparent PNG would turn black without a white ground
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    if (file.size > PUBLIC_PHOTO_MAX_BYTES) throw new Error('too-large');
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsDataURL(file);
    });
  }
}
