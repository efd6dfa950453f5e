import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { action, esc, layout, para, type MailContent } from './layout.js';

/** The sign-up verification code. */
export function signUpCodeMail(input: { code: string; minutes: number }): MailContent {
  const { code, minutes } = input;
  const lines = {
    hello: 'Hello,',
    code: `Your ${PRODUCT_NAME} verification code is ${code}`,
    how: `Enter it on the sign-up page to confirm your email address. It expires in ${minutes} minutes and works once.`,
    ignore: 'If you did not ask for this code, you can ignore this email.',
  };
  const html = layout(
    'Your verification code',
    para(lines.hello) +
      para(`Your ${PRODUCT_NAME} verification code is`) +
      `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:Menlo,Consolas,monospace;color:#1f2328">${esc(code)}</p>` +
      para(lines.how) +
      para(lines.ignore),
    lines.code,
  );
  return {
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    text: `${lines.hello}\n\n${lines.code}\n\n${lines.how}\n\n${lines.ignore}\n`,
    html,
    attachments: [],
  };
}

/** The link to choose a new password. */
export function passwordResetMail(input: { name: string; link: string; minutes: number }): MailContent {
  const { name, link, minutes } = input;
  const lines = {
    hello: `Hello ${name},`,
    asked: `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
    open: 'Open this link to choose a new password:',
    note: `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  };
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `${lines.hello}\n\n${lines.asked}\n\n${lines.open}\n${link}\n\n${lines.note}\n`,
    html: layout('Reset your password', para(lines.hello) + para(lines.asked) + action('Choose a new password', link) + para(lines.note)),
    attachments: [],
  };
}
