import type { MailContent, MailKind } from '../../core/mail';

/** The words of the mails that carry a link to set a password. */
export function linkMail(
  purpose: 'invite' | 'reset',
  selfService: boolean,
  firstName: string,
  url: string,
  hours: number,
): MailContent & { kind: MailKind } {
  const validity = `The link works once, for ${hours === 1 ? 'one hour' : `${hours} hours`}.`;
  if (selfService) {
    return {
      kind: 'password_reset',
      subject: 'Reset your password',
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'Someone asked to reset the password of your account. If it was you, choose a new password:',
      ],
      action: { label: 'Choose a new password', url },
      note: `${validity} If you did not ask for it, ignore this message: your password stays as it is. Using the link signs you out everywhere else.`,
    };
  }
  if (purpose === 'reset') {
    return {
      kind: 'password_reset',
      subject: 'Your password was reset',
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'An administrator reset the password of your account and signed you out. Choose a new password:',
      ],
      action: { label: 'Choose a new password', url },
      note: validity,
    };
  }
  return {
    kind: 'invitation',
    subject: 'You are invited',
    greeting: `Hello ${firstName},`,
    paragraphs: ['An account was made for you. Choose a password to sign in:'],
    action: { label: 'Choose your password', url },
    note: validity,
  };
}
