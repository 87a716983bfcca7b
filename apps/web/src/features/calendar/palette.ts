import { CALENDAR_PALETTE_SIZE } from '@spaceboard/domain'

/**
 * The spec's 53 space colours (spec 2 §9). Hues step by the golden angle so that neighbouring
 * indexes (spaces created one after the other) differ clearly; each colour is darkened until white
 * text on it has a contrast of at least 4.5:1 (WCAG AA), so event text stays readable on every one.
 */
const GOLDEN_ANGLE = 137.508

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))
  return [f(0), f(8), f(4)]
}

/** WCAG relative luminance of an sRGB colour with channels 0–1. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function contrastWithWhite(rgb: [number, number, number]): number {
  return 1.05 / (luminance(rgb) + 0.05)
}

const hex = (rgb: [number, number, number]) =>
  `#${rgb
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

function paletteColour(index: number): string {
  const hue = (index * GOLDEN_ANGLE) % 360
  // Two saturation bands so that colours of similar hue still differ.
  const saturation = index % 2 === 0 ? 0.7 : 0.5
  let lightness = 0.45
  let rgb = hslToRgb(hue, saturation, lightness)
  while (contrastWithWhite(rgb) < 4.6 && lightness > 0.1) {
    lightness -= 0.01
    rgb = hslToRgb(hue, saturation, lightness)
  }
  return hex(rgb)
}

export const spacePalette: readonly string[] = Array.from({ length: CALENDAR_PALETTE_SIZE }, (_, i) =>
  paletteColour(i),
)

/** The colour of a space by its colorIndex (the API's, stable per space). */
export function spaceColour(colorIndex: number): string {
  return spacePalette[colorIndex % CALENDAR_PALETTE_SIZE] as string
}
