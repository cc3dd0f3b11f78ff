// Where the code sits in a drawn design, for the scan check to decode the code as printed and
// nothing else: a frame's call to action ("Scan me", "Chat with us") and outline are the
// design's, not the code's, and once let a label's words flip the verdict.
import { frameArt } from '../../../domain/qr/frame-art';
import type { CodeBox } from './scan-check';

/** The code's square with its quiet zone, as shares of the drawing's longer side. */
export function codeBox(design: Parameters<typeof frameArt>[0]): CodeBox {
  // The frame's sizes are all shares of the code's side: any side gives the same proportions.
  const art = frameArt(design, 1, 'box');
  const longer = Math.max(art.width, art.height);
  return { x: art.code.x / longer, y: art.code.y / longer, side: art.code.side / longer };
}
