// A restore of someone's backup into their account as a Cloudflare Workflow: durable steps
// (account-restore.steps.ts), each a bounded piece of the run that starts from where the archive row
// says it stands, so the run survives restarts and hands over to a new instance when it is long
// (lib/workflow-budget.ts). The profile page reads its progress from D1.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from 'cloudflare:workers';
import type { Env } from '@worker/env';
import { measuredStep } from '@worker/lib/step-metrics';
import { handOver, StepBudget, stepsPerInstance, stepsBetweenRequests } from '@worker/lib/workflow-budget';
import { failRestore, restoreStep } from './account-restore.steps';

export interface AccountRestoreParams {
  archiveId: number;
  /** Which instance of the run this is: 0 for the first, then one more at each handover. */
  part?: number;
}

/** A step that fails (D1 busy, R2 slow) runs again from a fresh read of where the run stands. */
const STEP: WorkflowStepConfig = { retries: { limit: 4, delay: '2 seconds', backoff: 'exponential' }, timeout: '2 minutes' };

export class AccountRestoreWorkflow extends WorkflowEntrypoint<Env, AccountRestoreParams> {
  override async run(event: WorkflowEvent<AccountRestoreParams>, given: WorkflowStep): Promise<void> {
    const step = stepsBetweenRequests(given);
    const { archiveId: id, part = 0 } = event.payload;
    const budget = new StepBudget(stepsPerInstance(this.env));
    try {
      for (let i = 0; ; i += 1) {
        if (!budget.take()) {
          await step.do('hand over', STEP, () =>
            handOver(this.env.ACCOUNT_RESTORES, event.instanceId, part + 1, { archiveId: id, part: part + 1 }),
          );
          return;
        }
        const state = await step.do(`step ${i}`, STEP, () =>
          measuredStep(this.env, `account-restore ${id} step ${i}`, (env, phase) => restoreStep(env, id, phase)),
        );
        if (state === 'over') return;
      }
    } catch (err) {
      await step.do('record failure', () => failRestore(this.env, id));
      throw err;
    }
  }
}
