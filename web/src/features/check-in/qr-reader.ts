/*
 * Reads a QR code from the camera's current frame: the browser's own
 * BarcodeDetector where it has one that knows QR codes (Chrome on Android
 * and macOS, Safari), otherwise jsQR, loaded only then (about 48 KB of
 * gzip that the desk's first view does not carry).
 */

/** The text of the QR code in the frame, or null. */
export type ReadFrame = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

async function nativeReader(): Promise<ReadFrame | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsqrReader(): Promise<ReadFrame> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context || width === 0 || height === 0) return Promise.resolve(null);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return Promise.resolve(jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null);
  };
}

/** The best reader this browser has. */
export async function createQrReader(): Promise<ReadFrame> {
  return (await nativeReader()) ?? jsqrReader();
}
