import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { BLUR_REFERENCE_VIEWPORT } from '../src/shared/blurred-art';

// The blurred copy of a page group's art that a card lays over itself (src/shared/blurred-art.ts): made by the build
// (vite.config.ts emits one per group that blurs) and on request by `npm run dev`. sharp (libvips) reads SVG and the
// raster formats the flow schema allows, and blurs and encodes in native code.

/** The copy's pixels per standard deviation of its blur: a blurred picture needs no more, the browser scales it up. */
const SAMPLE_SIGMA = 2.5;

/**
 * The art in `file` blurred by `blurPx` CSS pixels as a card on a phone shows it (the art covers the 390 × 844
 * viewport), as a small WebP of the art's proportions, so that covering the viewport lays it exactly over the art.
 *
 * @throws {Error} naming the file when it is not an image sharp can read.
 */
export async function blurArt(file: string, blurPx: number): Promise<Buffer> {
  // Read once: sharp reads the size first, then draws the picture at the size that needs.
  const art = await readFile(file);
  const { width, height, format } = await sharp(art)
    .metadata()
    .catch((error: Error) => {
      throw new Error(`${file}: ${error.message}`);
    });
  if (!width || !height) throw new Error(`${file}: an image with no size`);
  // CSS pixels per pixel of the art when it covers the phone's viewport (background-size: cover).
  const cssPerPixel = Math.max(BLUR_REFERENCE_VIEWPORT.width / width, BLUR_REFERENCE_VIEWPORT.height / height);
  const sigma = blurPx / cssPerPixel;
  const scale = Math.min(1, SAMPLE_SIGMA / sigma);
  const size = { width: Math.max(8, Math.round(width * scale)), height: Math.max(8, Math.round(height * scale)) };
  // An SVG is drawn at twice the copy's size and scaled down (smoother than drawing it small).
  const input = format === 'svg' ? sharp(art, { density: Math.max(1, 72 * scale * 2) }) : sharp(art);
  return input
    .resize(size.width, size.height, { fit: 'fill' })
    .blur(Math.max(0.3, sigma * (size.width / width)))
    .webp({ quality: 90 })
    .toBuffer();
}
