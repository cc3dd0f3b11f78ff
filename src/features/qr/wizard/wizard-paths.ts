import { paths } from '../../../config/paths';
import type { WizardStep } from '../../../domain/qr/draft';

/** The screen of each wizard step. */
export const stepPaths: Readonly<Record<WizardStep, string>> = {
  type: paths.qrType,
  content: paths.qrContent,
  design: paths.qrDesign,
  demo: paths.qrDemo,
};
