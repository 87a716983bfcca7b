/**
 * Text for PDFs drawn with @react-pdf/renderer's built-in Helvetica, which encodes WinAnsi only:
 * text outside it (₹, ₺, ฿, CJK …) would print as wrong glyphs, so such characters become "?".
 */
const winAnsiExtras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'

export function printable(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    out +=
      code === 10 ||
      (code >= 32 && code <= 126) ||
      (code >= 160 && code <= 255) ||
      winAnsiExtras.includes(char)
        ? char
        : '?'
  }
  return out
}
