// Every Workflow lets the runtime take waiting requests between its steps. Local workerd runs the
// Workflow engine, D1, R2 and the Worker on one thread: a run whose steps followed one another directly
// kept every HTTP request waiting until it ended (a restore of a 76 MB backup held them over 30 s, and
// wrangler's proxy then answered one with a plain-text 503). Each class's run() is driven here with a
// recording step: a timer queued as one step ends must have fired before the next step begins.
import { env } from 'cloudflare:test';
import type { WorkflowEvent, WorkflowStep } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BackupWorkflow } from '@worker/features/backups/backups.workflow';
import { ExportWorkflow } from '@worker/features/exports/exports.workflow';
import { AccountRestoreWorkflow } from '@worker/features/account-archives/account-restore.workflow';
import { ImportWorkflow } from '@worker/features/imports/imports.workflow';
import { SourceQueueWorkflow } from '@worker/features/sources/source-queue.workflow';

class Stop extends Error {}

interface Recorded {
  steps: string[];
  /** For each step after the first: whether a timer queued as the one before it ended had fired. */
  timerFired: boolean[];
}

/**
 * A step that answers `answers` in turn without running the step's work, then stops the run; the steps
 * the run takes after that (recording its failure) answer nothing.
 */
function recordingStep(answers: unknown[]): { step: WorkflowStep; recorded: Recorded } {
  const recorded: Recorded = { steps: [], timerFired: [] };
  let fired: { value: boolean } | null = null;
  let given = 0;
  const step = {
    do: (name: string) => {
      recorded.steps.push(name);
      if (fired) recorded.timerFired.push(fired.value);
      const flag = { value: false };
      fired = flag;
      setTimeout(() => (flag.value = true), 0);
      if (given >= answers.length) {
        given += 1;
        return given === answers.length + 1 ? Promise.reject(new Stop()) : Promise.resolve(undefined);
      }
      return Promise.resolve(answers[given++]);
    },
    sleep: () => Promise.resolve(),
    sleepUntil: () => Promise.resolve(),
    waitForEvent: () => Promise.reject(new Stop()),
  };
  // Like the engine's RPC stub, whose methods can only be called on it: one taken off it is refused.
  for (const method of Object.values(step)) {
    Object.defineProperty(method, 'bind', {
      value: () => {
        throw new TypeError('The RPC receiver does not implement the method "bind".');
      },
    });
  }
  return { step: step as unknown as WorkflowStep, recorded };
}

const event = <P>(payload: P) => ({ payload, timestamp: new Date(), instanceId: 'turns-test' }) as WorkflowEvent<P>;

async function drive(run: (step: WorkflowStep) => Promise<void>, answers: unknown[]): Promise<Recorded> {
  const { step, recorded } = recordingStep(answers);
  await expect(run(step)).rejects.toBeInstanceOf(Stop);
  return recorded;
}

/**
 * The class's run() on an object of the class that has `env` (the runtime builds Workflow entrypoints
 * itself: their constructor takes only the context it gives).
 */
function instance<T extends object>(cls: { prototype: T }): T {
  return Object.assign(Object.create(cls.prototype) as T, { env });
}

describe('Workflows between their steps', () => {
  const cases: [string, (step: WorkflowStep) => Promise<void>, unknown[]][] = [
    ['a backup', (s) => instance(BackupWorkflow).run(event({ backupId: 1, kind: 'backup' as const }), s), ['more', 'more', 'more']],
    [
      'an instance restore',
      (s) => instance(BackupWorkflow).run(event({ backupId: 1, kind: 'restore' as const }), s),
      ['next-phase', 'more', 'more'],
    ],
    ['an export', (s) => instance(ExportWorkflow).run(event({ exportId: 1 }), s), ['more', 'more', 'more']],
    ['an account restore', (s) => instance(AccountRestoreWorkflow).run(event({ archiveId: 1 }), s), ['more', 'more', 'more']],
    ['an import', (s) => instance(ImportWorkflow).run(event({ importId: 1 }), s), ['fetched', 'more', 'more']],
    ['a list of codes', (s) => instance(SourceQueueWorkflow).run(event({ queueId: 1 }), s), ['more', 'more', 'more']],
  ];
  for (const [name, run, answers] of cases) {
    it(`${name} lets the runtime's timers turn before each step`, async () => {
      const recorded = await drive(run, answers);
      expect(recorded.steps.length).toBeGreaterThanOrEqual(3);
      expect(recorded.timerFired).toEqual(recorded.timerFired.map(() => true));
    });
  }
});
