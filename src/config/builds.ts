// What the company promises with a custom PC build: how long its warranty runs from the day the
// customer collects it (the PC dashboard shows the end date, the email on collection says it).
// South Africa's Consumer Protection Act gives at least six months on defects; the company's own
// warranty is longer.
export const builds = {
  /** The warranty's length, in calendar months from collection. */
  warrantyMonths: 12,
} as const;
