/**
 * A barcode reader for video frames: the browser's own BarcodeDetector where it has one (Chrome on
 * Android, Safari 17+), otherwise the `barcode-detector` ponyfill on zxing-wasm. The WebAssembly
 * file is emitted by Vite into our own build (`?url`) and served by Faena: never a CDN.
 */
export interface FrameDetector {
  detect(source: HTMLVideoElement | ImageBitmapSource): Promise<{ rawValue: string }[]>;
}

/** The codes a label of ours carries, and the common 1D codes found on equipment plates. */
export const SCAN_FORMATS = ['qr_code', 'data_matrix', 'code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf'] as const;

interface NativeDetectorClass {
  new (options?: { formats?: string[] }): FrameDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

async function nativeDetector(): Promise<FrameDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = (await Native.getSupportedFormats?.()) ?? [];
    const formats = SCAN_FORMATS.filter((format) => supported.includes(format));
    // A native detector that reads no QR code is of no use here (desktop Chrome on Linux has none).
    if (!formats.includes('qr_code')) return null;
    return new Native({ formats: [...formats] });
  } catch {
    return null;
  }
}

export async function createDetector(): Promise<FrameDetector> {
  const native = await nativeDetector();
  if (native) return native;
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([import('barcode-detector/ponyfill'), import('zxing-wasm/reader/zxing_reader.wasm?url')]);
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
