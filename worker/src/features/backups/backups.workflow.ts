// A backup or a restore as a Cloudflare Workflow: durable steps (backups.steps.ts), each a page of a
// table or a few megabytes of media, so the whole instance moves in pieces that each stay inside the
// free tier's limits, and a run survives restarts. The page reads the run's progress from D1.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '../../env';
import { measuredStep } from '../../lib/step-metrics';
import {
  backupFinishStep,
  backupMediaStep,
  backupTableStep,
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
}

/** A step that fails (D1 busy, R2 slow) runs again from a fresh read of where the run stands. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };

export class BackupWorkflow extends WorkflowEntrypoint<Env, BackupParams> {
  override async run(event: WorkflowEvent<BackupParams>, step: WorkflowStep): Promise<void> {
    const { backupId: id, kind } = event.payload;
    try {
      if (kind === 'backup') await this.backup(id, step);
      else await this.restore(id, step);
    } catch (err) {
      await step.do('record failure', () => markBackupFailed(this.env, id, 'step_failed'));
      throw err;
    }
  }

  /** Runs `name` steps until one says its phase is over; false when the run stopped. */
  private async phase(name: string, step: WorkflowStep, id: number, run: (env: Env) => Promise<StepState>): Promise<boolean> {
    for (let i = 0; ; i += 1) {
      const state = await step.do(`${name} ${i}`, STEP, () => measuredStep(this.env, `backup ${id} ${name} ${i}`, (env) => unlessRefused(env, id, () => run(env))));
      if (state === 'stopped') return false;
      if (state !== 'more') return true;
    }
  }

  private async backup(id: number, step: WorkflowStep): Promise<void> {
    if (!(await this.phase('tables', step, id, (env) => backupTableStep(env, id)))) return;
    if (!(await this.phase('media', step, id, (env) => backupMediaStep(env, id)))) return;
    await step.do('manifest', STEP, () => measuredStep(this.env, `backup ${id} manifest`, (env) => backupFinishStep(env, id)));
  }

  private async restore(id: number, step: WorkflowStep): Promise<void> {
    if (!(await this.phase('open', step, id, (env) => restoreOpenStep(env, id)))) return;
    if (!(await this.phase('verify', step, id, (env) => restoreStep(env, id, 'verify')))) return;
    if (!(await this.phase('entries', step, id, (env) => restoreStep(env, id, 'write')))) return;
    await step.do('finish', STEP, () => measuredStep(this.env, `backup ${id} finish`, (env) => restoreFinishStep(env, id)));
  }
}
