import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations on the page (WCAG 2.1 A/AA and best practice). The
 * shapes inside a drawn QR code are left out: the code is one role="img" with its label (its
 * children are presentational), and a large code's thousands of shapes would take axe a minute.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .exclude('.code-picture__svg > svg')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // axe.run in the page itself: the default mode finishes each scan in a new blank page, and
    // with the passes collected too a scan took 1.3-1.8 s here; this way 0.6 s, same findings.
    // (Legacy mode skips cross-origin frames; the site has none, and its one frame, a PDF
    // preview, shows the browser's own viewer.)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(
      ({ id, help, nodes }) =>
        `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}
