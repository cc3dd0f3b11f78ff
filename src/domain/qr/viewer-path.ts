// The viewer page's path on the site, alone in its module so the route table can name it without
// pulling the payload encoders into the first page's code.

/** The viewer page's path on the site; the content travels in the fragment, never to a server. */
export const VIEWER_PATH = '/v';
