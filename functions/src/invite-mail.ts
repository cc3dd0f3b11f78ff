// The email that carries an invite to a workspace: who invited whom, to do what, the link and how
// long it lasts. The inviter's address is the one they verified; nothing else in it is typed by
// anyone, so the company's mail cannot be made to carry someone's words to a stranger.
import { roles, INVITE_DAYS, type RoleId } from '../../src/domain/team';
import { roleInWords } from '../../src/domain/team-api';
import { escapeHtml, mailHtml, type OutgoingMail } from './mail-message';

export interface InviteMailContent {
  readonly to: string;
  /** The verified address of the member who invites. */
  readonly from: string;
  /** The workspace's name as the invited person knows it: its account's address. */
  readonly workspace: string;
  readonly role: RoleId;
  readonly link: string;
  /** The site's origin, to say where the invite comes from. */
  readonly origin: string;
}

export function inviteMail({
  to,
  from,
  workspace,
  role,
  link,
  origin,
}: InviteMailContent): OutgoingMail {
  const invited = `${from} invited you to work on the QR codes of ${workspace} as ${roleInWords(role)}.`;
  const may = `${roles[role].label}: ${roles[role].summary}`;
  const accept = `Accept within ${INVITE_DAYS} days, signed in with this email address (${to}):`;
  const footnote = `You get this email because ${from}, signed in at ${origin}, invited ${to}. If you do not know them, ignore it: nothing happens unless you accept.`;
  return {
    to,
    subject: `${from} invited you to their QR codes`,
    text: ['Hello,', '', invited, may, '', accept, link, '', footnote, ''].join('\n'),
    html: mailHtml(
      [
        'Hello,',
        `${escapeHtml(invited)}<br>${escapeHtml(may)}`,
        `${escapeHtml(accept)}<br><a href="${escapeHtml(link)}">Accept the invite</a>`,
      ],
      escapeHtml(footnote),
    ),
    attachments: [],
  };
}
