// The commit-msg hook (.githooks/commit-msg, installed by `npm install`): refuses a commit whose subject
// is empty or 72 characters or longer. Git's own comment lines and the squash/fixup prefixes are not counted.
import { readFileSync } from 'node:fs';

export const SUBJECT_LIMIT = 72;

/** Why a message is refused, or null when it is fine. */
export function subjectProblem(message) {
  const lines = message.split('\n').filter((line) => !line.startsWith('#'));
  const subject = (lines[0] ?? '').trim();
  if (subject === '') return 'the commit message has no subject';
  if (/^(fixup|squash|amend)! /.test(subject)) return null;
  if ([...subject].length >= SUBJECT_LIMIT)
    return `the subject has ${[...subject].length} characters; keep it under ${SUBJECT_LIMIT} and put the why in the body`;
  return null;
}

const file = process.argv[2];
if (file) {
  const problem = subjectProblem(readFileSync(file, 'utf8'));
  if (problem) {
    console.error(`commit-msg: ${problem}.`);
    process.exit(1);
  }
}
