// The emailed code's drawing (functions/src/code-files.ts) for scripts/bench/mail.mjs: the same
// module the `mail` function runs, bundled by the functions' own Vite config.
export { codeFiles } from '../../functions/src/code-files';
export { defaultDesign } from '../../src/domain/qr/design';
