import sharp from 'sharp';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLUR_PX, blurredArtOf, parseBlurredArtPath } from '../src/shared/blurred-art';
import { blurArt } from './blurred-art';

// A card's blur is the build's blurred copy of the group's art, not a backdrop-filter the browser redraws at every
// screen change (see the README's "Speed").

/** The largest step between two neighbouring pixels (any channel) of an image scaled to `size` square: how sharp it is. */
async function sharpestStep(image: Buffer | string, size = 100): Promise<number> {
  const { data, info } = await sharp(image).resize(size, size, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let step = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 1; x < info.width; x++) {
      for (let c = 0; c < info.channels; c++) {
        const at = (y * info.width + x) * info.channels + c;
        step = Math.max(step, Math.abs(data[at]! - data[at - info.channels]!));
      }
    }
  }
  return step;
}

describe('the blurred copy of a group\'s art', () => {
  // Black and white halves: as sharp an edge as an image has.
  const dir = mkdtempSync(join(tmpdir(), 'astrelle-blur-'));
  const art = join(dir, 'halves.svg');
  writeFileSync(art, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 2000"><rect width="1000" height="2000" fill="#000"/><rect width="500" height="2000" fill="#fff"/></svg>');

  it('is a small WebP of the art\'s proportions, blurred, and more for strong than for soft', async () => {
    const soft = await blurArt(art, BLUR_PX.soft);
    const strong = await blurArt(art, BLUR_PX.strong);
    for (const copy of [soft, strong]) {
      const { format, width, height } = await sharp(copy).metadata();
      expect(format).toBe('webp');
      expect(width! / height!).toBeCloseTo(0.5, 1);
      expect(copy.length).toBeLessThan(4000);
    }
    const original = await sharpestStep(art);
    expect(original).toBe(255);
    const softStep = await sharpestStep(soft);
    const strongStep = await sharpestStep(strong);
    expect(softStep).toBeLessThan(original / 2);
    expect(strongStep).toBeLessThan(softStep);
  });

  it('blurs by the CSS pixels of a phone: 10 px soft over an art covering 390 × 844', async () => {
    // The art covers the viewport: 1000 × 2000 units over 422 × 844 CSS pixels, 0.422 px a unit. A Gaussian of
    // 10 CSS px rises from 16% to 84% of the step over 20 CSS px: 47 units, 4.7% of the width.
    const copy = await blurArt(art, BLUR_PX.soft);
    // Scaled up smoothly to the art's size, as the browser scales it over the viewport.
    const { data, info } = await sharp(copy).resize(1000, 2000, { fit: 'fill', kernel: 'linear' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const row = Math.floor(info.height / 2);
    const grey = (x: number) => data[(row * info.width + x) * info.channels]! / 255;
    const at = (level: number) => [...Array(info.width).keys()].find((x) => grey(x) < level)! / info.width;
    const rise = at(0.16) - at(0.84);
    expect(rise).toBeGreaterThan(0.047 * 0.8);
    expect(rise).toBeLessThan(0.047 * 1.2);
  });

  it('names the copy after the art and the blur, and the dev server reads the name back (never outside public/)', () => {
    expect(blurredArtOf({ background: '/backgrounds/quiz.svg', blur: 'soft' })).toBe('/backgrounds/quiz.svg.blur-soft.webp');
    expect(blurredArtOf({ background: '/backgrounds/quiz.svg', blur: 'none' })).toBeUndefined();
    expect(parseBlurredArtPath('/backgrounds/quiz.svg.blur-strong.webp')).toEqual({ background: '/backgrounds/quiz.svg', blur: 'strong' });
    expect(parseBlurredArtPath('/backgrounds/quiz.svg')).toBeNull();
    expect(parseBlurredArtPath('/backgrounds/quiz.svg.blur-none.webp')).toBeNull();
    expect(parseBlurredArtPath('/../secret.png.blur-soft.webp')).toBeNull();
    expect(parseBlurredArtPath('/a/../../secret.png.blur-soft.webp')).toBeNull();
  });

  it('names the file it cannot read', async () => {
    await expect(blurArt(join(dir, 'missing.svg'), 10)).rejects.toThrow(join(dir, 'missing.svg'));
  });
});
