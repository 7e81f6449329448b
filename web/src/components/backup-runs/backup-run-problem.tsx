// Why a backup or a restore failed, in the feature's words for the server's code, then the part of
// the file at fault when the server names one.
import { defineMessages, useIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import '@web/components/run-list.css';

const valueMessages = defineMessages<{ part: { part: string } }>({
  part: { id: 'components.backupRunProblem.part', defaultMessage: 'Missing, extra or not as its manifest says: {part}.' },
});

interface BackupRunProblemProps {
  /** The server's code; null when the run stopped on an error of its own. */
  problem: string | null;
  part: string | null;
  /** The feature's words per code; `step_failed` stands for a code it does not know. */
  problems: { step_failed: MessageDescriptor } & Record<string, MessageDescriptor | undefined>;
}

export function BackupRunProblem({ problem, part, problems }: BackupRunProblemProps) {
  const intl = useIntl();
  return (
    <p className="run-problem">
      {intl.formatMessage(problems[problem ?? 'step_failed'] ?? problems.step_failed)}
      {part ? ` ${intl.formatMessage(valueMessages.part, { part })}` : null}
    </p>
  );
}
