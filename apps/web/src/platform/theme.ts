import type { ThemeConfig } from 'antd'

/**
 * The app's antd theme. Besides the brand colour, it fixes once, for every screen, the colours
 * whose contrast fails WCAG 2.2 AA (4.5:1 for text) in antd's defaults (issue 14; axe checks every
 * screen in e2e/accessibility.test.ts):
 * - tag text (preset colours use `<colour>7` on `<colour>1`): green #389e0d 3.37:1 → #237804
 *   5.44:1, orange #d46b08 3.33:1 → #ad4e00 5.09:1, gold #d48806 2.75:1 → #874d00, volcano #d4380d
 *   4.37:1 → #ad2102; the status tags likewise (success, processing, warning);
 * - links, #1677ff 4.1:1 on white → #0958d9 6.16:1;
 * - secondary text (description, tertiary), #8c8c8c 3.36:1 → rgba(0,0,0,0.62) ≈ #616161 6.19:1;
 * - placeholders, #bfbfbf 1.83:1 → rgba(0,0,0,0.56) ≈ #707070 4.95:1 (4.74:1 on #fafafa);
 * - error text (form errors, danger text), #ff4d4f 3.26:1 → #cf1322 5.57:1;
 * - the calendar's days of the months around the shown one (#bfbfbf, "disabled" but not so);
 * - an empty table's "No data" (#bfbfbf, antd's disabled text colour: axe failed the dashboard on a
 *   day it had no booking to list).
 */
export const appTheme: ThemeConfig = {
  token: {
    // Someone who asked their system for less motion gets none: antd's opening, closing and sliding
    // animations are off (WCAG 2.3.3).
    motion: !prefersReducedMotion(),
    colorPrimary: '#0E3E6C',
    colorLink: '#0958d9',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    colorError: '#cf1322',
  },
  components: {
    // The palettes' 7th shades are only the tags' text colours; set on the Tag so nothing else moves.
    Tag: {
      green7: '#237804',
      orange7: '#ad4e00',
      gold7: '#874d00',
      volcano7: '#ad2102',
      // The status tags (success, processing, warning) write the status colour on its own light
      // background: #52c41a 2.2:1, #1677ff 3.7:1, #faad14 1.82:1 (axe, a booking's confirmation log).
      colorSuccess: '#237804',
      colorInfo: '#0958d9',
      colorWarning: '#874d00',
    },
    Calendar: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
  },
}

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  )
}
