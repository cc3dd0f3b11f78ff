/** When something was saved, as the site writes it: "18 Nov 2026, 14:40". */
export const savedAt = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
