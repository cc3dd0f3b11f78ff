// @vitest-environment jsdom
// Every problem of the upload API's one description (filesApi) is handled by the page: the ones
// worth retrying the uploader waits out, each final one has its remedy here, and the page shows
// it. Checked by the compiler (the types) and at run time (the table the server answers from).
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { PLAN_NEEDED_MESSAGE } from '../../../domain/billing';
import { describeApi, isFinal, type FinalProblemOf } from '../../../domain/api';
import { filesApi, type FinalUploadProblem, type UploadProblem } from '../../../domain/qr/hosting';
import { UploadProgress } from './upload-progress';
import { uploadRemedies, type UploadRemedy } from './upload-remedies';

afterEach(cleanup);

const problems = Object.keys(filesApi.problems) as UploadProblem[];

describe('the page’s remedies for the upload API’s problems', () => {
  it('cover exactly the final problems of the description (types)', () => {
    expectTypeOf<keyof typeof uploadRemedies>().toEqualTypeOf<FinalUploadProblem>();
    expectTypeOf<keyof typeof filesApi.problems>().toEqualTypeOf<UploadProblem>();
    // A final problem added to the description is a compile error until the page handles it.
    const grown = describeApi({
      path: filesApi.path,
      problems: { ...filesApi.problems, 'new-refusal': { status: 400, retry: false } },
      ok: {},
    });
    // @ts-expect-error the page has no remedy for 'new-refusal'
    const remedies: { readonly [P in FinalProblemOf<typeof grown>]: UploadRemedy } = uploadRemedies;
    expect(remedies).toBe(uploadRemedies);
    expect(Object.keys(grown.problems)).toContain('new-refusal');
  });

  it('cover exactly the final problems of the description (run time)', () => {
    const final = problems.filter((problem) => isFinal(filesApi, problem));
    expect(Object.keys(uploadRemedies).sort()).toEqual([...final].sort());
    // The ones the uploader waits out by itself.
    expect(problems.filter((problem) => !isFinal(filesApi, problem)).sort()).toEqual([
      'offset',
      'unavailable',
    ]);
  });

  it.each(Object.keys(uploadRemedies) as FinalUploadProblem[])(
    'after %s, the page shows the server’s words as an alert and offers Try again',
    (problem) => {
      const message = `Refused: ${problem}.`;
      render(
        <MemoryRouter>
          <UploadProgress
            state={{
              status: 'failed',
              sha256: 'a'.repeat(64),
              name: 'menu.pdf',
              total: 1000,
              sent: 0,
              problem,
              message,
            }}
            onCancel={vi.fn()}
            onRetry={vi.fn()}
          />
        </MemoryRouter>,
      );
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(screen.getByRole('button', { name: 'Try again to upload menu.pdf' })).toBeTruthy();
      expect(screen.queryByRole('progressbar')).toBeNull();
      const remedy = uploadRemedies[problem];
      if (remedy.kind === 'page') {
        expect(screen.getByRole('link', { name: remedy.text }).getAttribute('href')).toBe(
          remedy.to,
        );
      } else {
        expect(screen.queryByRole('link')).toBeNull();
      }
    },
  );

  it('a role that may not change the workspace’s codes says whom to ask, under the server’s words', () => {
    const message = 'Your role in this workspace does not let you do that.';
    render(
      <MemoryRouter>
        <UploadProgress
          state={{
            status: 'failed',
            name: 'menu.pdf',
            total: 1000,
            sent: 0,
            problem: 'not-allowed',
            message,
          }}
          onRetry={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(
      screen.getByText(/ask one of the workspace’s owners or admins to make you an editor/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again to upload menu.pdf' })).toBeTruthy();
  });

  it('a plan needed leads to Billing', () => {
    render(
      <MemoryRouter>
        <UploadProgress
          state={{
            status: 'failed',
            name: 'menu.pdf',
            total: 1000,
            sent: 0,
            problem: 'plan-needed',
            message: PLAN_NEEDED_MESSAGE,
          }}
          onRetry={vi.fn()}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe(PLAN_NEEDED_MESSAGE);
    expect(
      screen.getByRole('link', { name: 'Choose a plan on the Billing page' }).getAttribute('href'),
    ).toBe(paths.billing);
  });
});
