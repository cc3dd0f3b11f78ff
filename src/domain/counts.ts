// Numbers as the pages and the server's messages write them for South Africans: grouped by a
// space, as en-ZA writes them ("1 000"), and a count with its noun ("1 row", "3 rows").

/** `value` grouped as en-ZA groups it: "50 000". */
export const formatCount = (value: number) => value.toLocaleString('en-ZA');

/** `value` and its noun, singular for one: "1 code", "195 new codes". */
export const counted = (value: number, one: string, many = `${one}s`) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;
