/** An sRGB colour with its opacity: r, g, b in 0-255, alpha in 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

/** Reads #rgb, #rrggbb, rgb(r, g, b) and rgba(r, g, b, a), the forms the palettes and getComputedStyle use. */
export function parseColor(text: string): Rgba {
  const value = text.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16), alpha: 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/i.exec(value);
  if (fn) {
    const [, r, g, b, a] = fn;
    const alpha = a === undefined ? 1 : a.endsWith('%') ? Number(a.slice(0, -1)) / 100 : Number(a);
    return { r: Number(r), g: Number(g), b: Number(b), alpha };
  }
  throw new Error(`not a colour this reads: ${text}`);
}

/** `top` painted over the opaque colour `bottom` (alpha compositing). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (a: number, b: number) => a * top.alpha + b * (1 - top.alpha);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), alpha: 1 };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance(color: Rgba): number {
  return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
}

/**
 * WCAG 2 contrast ratio (1 to 21) of a foreground over an opaque background; a translucent foreground is first
 * composited over the background.
 */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
  if (background.alpha < 1) throw new Error('the background must be opaque: composite it over what is under it first');
  const fg = foreground.alpha < 1 ? composite(foreground, background) : foreground;
  const [a, b] = [relativeLuminance(fg), relativeLuminance(background)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
