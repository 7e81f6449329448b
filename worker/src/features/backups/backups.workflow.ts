// A backup or a restore as a Cloudflare Workflow: durable steps (backups.steps.ts), each a page of a
// table or a few megabytes of media, so the whole instance moves in pieces that each stay inside the
// free tier's limits, and a run survives restarts. The page reads the run's progress from D1. A run
// longer than an instance's steps goes on in a new instance (lib/workflow-budget.ts), from the phase
// the backup row names.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '@worker/env';
import { measuredStep } from '@worker/lib/step-metrics';
import { handOver, type PhaseOutcome, StepBudget, stepsPerInstance, stepsBetweenRequests } from '@worker/lib/workflow-budget';
import {
  backupFinishStep,
  backupMediaStep,
  backupTableStep,
  loadBackup,
  markBackupFailed,
  restoreFinishStep,
  restoreOpenStep,
  restoreStep,
  unlessRefused,
  type StepState,
} from './backups.steps';

export interface BackupParams {
  backupId: number;
  kind: 'backup' | 'restore';
  /** Which instance of the run this is: 0 for the first, then one more at each handover. */
  part?: number;
}

/** A step that fails (D1 busy, R2 slow) runs again from a fresh read of where the run stands. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };

type Phase = [name: string, run: (env: Env, id: number) => Promise<StepState>];

/** Each kind's phases in order, by the name the backup row's `phase` gives them while they run. */
const PHASES: Record<BackupParams['kind'], Phase[]> = {
  backup: [
    ['tables', backupTableStep],
    ['media', backupMediaStep],
  ],
  restore: [
    ['open', restoreOpenStep],
    ['verify', (env, id) => restoreStep(env, id, 'verify')],
    ['tables', (env, id) => restoreStep(env, id, 'write')],
  ],
};

/** The step that ends a run once its phases are over. */
const FINISH: Record<BackupParams['kind'], [string, (env: Env, id: number) => Promise<void>]> = {
  backup: ['manifest', backupFinishStep],
  restore: ['finish', restoreFinishStep],
};

export class BackupWorkflow extends WorkflowEntrypoint<Env, BackupParams> {
  override async run(event: WorkflowEvent<BackupParams>, given: WorkflowStep): Promise<void> {
    const step = stepsBetweenRequests(given);
    const { backupId: id, kind, part = 0 } = event.payload;
    const budget = new StepBudget(stepsPerInstance(this.env));
    try {
      if ((await this.phases(id, kind, part, step, budget)) === 'hand-over') {
        await step.do('hand over', STEP, () =>
          handOver(this.env.BACKUPS, event.instanceId, part + 1, { backupId: id, kind, part: part + 1 }),
        );
      }
    } catch (err) {
      await step.do('record failure', () => markBackupFailed(this.env, id, 'step_failed'));
      throw err;
    }
  }

  private async phases(
    id: number,
    kind: BackupParams['kind'],
    part: number,
    step: WorkflowStep,
    budget: StepBudget,
  ): Promise<PhaseOutcome> {
    const phases = PHASES[kind];
    // A later instance starts with the phase the row names: the phases before it are over, and all of
    // them when it names none of them (the run is at its last step).
    let from = 0;
    if (part > 0) {
      budget.take();
      const current = await step.do('resume', STEP, async () => (await loadBackup(this.env, id)).phase);
      from = phases.findIndex(([name]) => name === current);
      if (from < 0) from = phases.length;
    }
    for (const [name, run] of phases.slice(from)) {
      for (let i = 0; ; i += 1) {
        if (!budget.take()) return 'hand-over';
        const state = await step.do(`${name} ${i}`, STEP, () =>
          measuredStep(this.env, `backup ${id} ${name} ${i}`, (env) => unlessRefused(env, id, () => run(env, id))),
        );
        if (state === 'stopped') return 'stopped';
        if (state !== 'more') break;
      }
    }
    if (!budget.take()) return 'hand-over';
    const [name, finish] = FINISH[kind];
    await step.do(name, STEP, () => measuredStep(this.env, `backup ${id} ${name}`, (env) => finish(env, id)));
    return 'over';
  }
}
