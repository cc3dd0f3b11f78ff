// Where contact enquiries are posted: two endpoints of a hosted form service, each given its own
// copy (the company's two forms, as the old site posted to both); an enquiry counts as sent once
// both answered OK. Real endpoints come from VITE_FORM_ENDPOINT_1 and VITE_FORM_ENDPOINT_2 (the
// second may be left out); with neither set, the local enquiry inbox that `npm start` and the
// tests run (scripts/serve/enquiry-inbox.mjs).
// `import.meta.env.X` is written out in each test, so a build with the variables keeps no local
// address at all (the minifier drops the branch; `npm run build:deploy` checks it).
export const formEndpoints: readonly string[] = import.meta.env.VITE_FORM_ENDPOINT_1
  ? [import.meta.env.VITE_FORM_ENDPOINT_1, import.meta.env.VITE_FORM_ENDPOINT_2].filter(
      (url): url is string => !!url,
    )
  : ['http://127.0.0.1:9199/f/enquiries', 'http://127.0.0.1:9199/f/enquiries-copy'];
