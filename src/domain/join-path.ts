// The join page's address, alone in its module (no imports): the route table names it, and it is
// loaded with every page, so it must not bring the team API's description and its schemas along.
// The invite's token travels after `#` (team-api.ts inviteLink).

/** Where an invite link leads (src/config/paths.ts names it `joinTeam`). */
export const JOIN_PATH = '/JoinTeam';
