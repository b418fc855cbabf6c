import type { Group } from '../engine/generated/flow-types';

// A page group's card shows the group's art through it, blurred (spec: "each page group has its own background image
// and blur style"). The blur is not drawn by the browser (backdrop-filter): that redrew the blur under the card on
// every screen change and cost each tap on a phone more than the rest of the frame (README, "Speed"). The build makes a
// blurred copy of the art instead (vite.config.ts, scripts/blurred-art.ts), a few hundred bytes, and the card lays it
// over itself exactly where the art lies behind it (both fixed to the viewport, both covering it).

/** How strongly a card blurs the art behind it: the Gaussian's standard deviation in CSS pixels on a phone (390 × 844). */
export const BLUR_PX = { none: 0, soft: 10, strong: 18 } as const satisfies Record<Group['blur'], number>;

/** The viewport the blur is made for: on a bigger screen the art is scaled up, and its blur with it. */
export const BLUR_REFERENCE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * Where the build puts the blurred copy of a group's art (a file under public/), or undefined for a group that does
 * not blur: `/backgrounds/quiz.svg`, soft → `/backgrounds/quiz.svg.blur-soft.webp`.
 */
export function blurredArtOf({ background, blur }: Pick<Group, 'background' | 'blur'>): string | undefined {
  return blur === 'none' ? undefined : `${background}.blur-${blur}.webp`;
}

/** The reverse of blurredArtOf, for the dev server: the art and the blur of a blurred copy's path, or null. */
export function parseBlurredArtPath(path: string): { background: string; blur: Exclude<Group['blur'], 'none'> } | null {
  const match = /^(\/[A-Za-z0-9/_.-]+\.(?:svg|png|jpg|jpeg|webp|avif))\.blur-(soft|strong)\.webp$/.exec(path);
  if (!match || match[1]!.split('/').includes('..')) return null;
  return { background: match[1]!, blur: match[2] as 'soft' | 'strong' };
}
