// The live code of a draft: its payload, then its drawing, redrawn after every change of content
// or design. Stale drawings are dropped (a later change wins). Each ready state carries when its
// drawing began, so the picture can measure the whole update ('qr-preview-update': from the change
// to the new picture shown in the page) for `npm run bench`.
import { useEffect, useMemo, useState } from 'react';
import type { QrDraft } from '../../../domain/qr/draft';
import { codeText } from '../../../domain/qr/code-text';
import { isDynamic, SAMPLE_LINK_ID } from '../../../domain/qr/dynamic';
import type { Payload } from '../../../domain/qr/payload';
import { renderCode, renderDesign, type RenderedCode } from './render-code';

export type CodeState =
  /** No code can be made: the content is incomplete. */
  | { readonly status: 'none'; readonly payload: Payload; readonly reason: string }
  | { readonly status: 'drawing'; readonly payload: Payload }
  | { readonly status: 'too-long'; readonly payload: Payload; readonly message: string }
  | {
      readonly status: 'ready';
      readonly payload: Payload;
      readonly text: string;
      readonly code: RenderedCode;
      /** performance.now() when this drawing began (after the change that asked for it). */
      readonly startedAt: number;
    }
  | { readonly status: 'failed'; readonly payload: Payload; readonly message: string };

export const PREVIEW_MEASURE = 'qr-preview-update';

/**
 * The short link a draft's picture holds: none for a static code; the saved code's own once the
 * server has made it; otherwise SAMPLE_LINK_ID, a stand-in that leads nowhere (such a picture is
 * never offered for download: see hasSampleLink).
 */
export const previewLinkId = (draft: QrDraft): string | null =>
  isDynamic(draft.type, draft.dynamic) ? (draft.editing?.linkId ?? SAMPLE_LINK_ID) : null;

/** The draft's picture holds the stand-in link, not one that works. */
export const hasSampleLink = (draft: QrDraft): boolean => previewLinkId(draft) === SAMPLE_LINK_ID;

export function useCode(draft: QrDraft, id: string): CodeState {
  const { type, content, design } = draft;
  const hosted = draft.editing?.hosted;
  // A dynamic code holds its short link, which leads to the payload's text (its target); until
  // the server has made it, a sample of the same length stands in (see previewLinkId).
  const linkId = previewLinkId(draft);
  const { payload, text } = useMemo(
    () => codeText({ type, content, hosted }, linkId, window.location.origin),
    [type, content, hosted, linkId],
  );
  const [drawn, setDrawn] = useState<{ state: CodeState; text: string } | null>(null);

  useEffect(() => {
    if (text === null) return;
    let current = true;
    const startedAt = performance.now();
    renderDesign(design)
      .then((ready) => renderCode(ready, text, id))
      .then((result) => {
        if (!current) return;
        setDrawn({
          text,
          state: result.ok
            ? { status: 'ready', payload, text, code: result.code, startedAt }
            : { status: 'too-long', payload, message: result.message },
        });
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.error(error);
        setDrawn({
          text,
          state: {
            status: 'failed',
            payload,
            message:
              'The code could not be drawn with this design. Try another logo, or reload the page.',
          },
        });
      });
    return () => {
      current = false;
    };
  }, [design, text, payload, id]);

  const state: CodeState =
    text === null
      ? {
          status: 'none',
          payload,
          reason: payload.kind === 'incomplete' ? payload.reason : '',
        }
      : drawn && drawn.state.payload === payload && drawn.text === text
        ? drawn.state
        : { status: 'drawing', payload };

  return state;
}
