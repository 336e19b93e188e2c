import { describe, expect, it } from 'vitest';
import type { PlannedStep, StepPlanner } from '../../../src/adapters/supervise/StepPlanner.ts';
import { referenceAdapter } from '../../../src/subjects/reference.ts';
import { EpisodeState } from '../../../src/gen/runtime/EpisodeState.ts';
import { DEFAULT_DOMAIN } from '../../../src/gen/runtime/EpisodeDomain.ts';
import type { OpTemplate } from '../../../src/gen/runtime/OpTemplate.ts';
import type { RuntimeConfig } from '../../../src/model/ReferenceRuntime.ts';
import { claimsOf } from '../../../src/run/runtime/checkAdapter.ts';
import { EpisodeDriver } from '../../../src/run/runtime/EpisodeDriver.ts';
import { Lookahead } from '../../../src/run/runtime/Lookahead.ts';
import { StepCommand } from '../../../src/run/runtime/StepCommand.ts';

const config: RuntimeConfig = { capacity: 10_000 };
const append = (name: number): OpTemplate => ({ kind: 'append', name, lookalikeOf: undefined, derived: false, sourcePicks: [], contentPick: name, shape: 0, tokens: 10, score: 1, persist: false });

/** A planner that records its plans; `inflight` stands for a batch sent with `create` and not yet taken. */
class FakePlanner implements StepPlanner {
  canPlan = false;
  inflight: Promise<void> | undefined;
  readonly plans: (readonly PlannedStep[])[] = [];

  planSteps(steps: readonly PlannedStep[]): Promise<void> {
    this.plans.push(steps);
    this.canPlan = false;
    return Promise.resolve();
  }

  settle(): void | Promise<void> {
    const inflight = this.inflight;
    this.inflight = undefined;
    return inflight?.then(() => void (this.canPlan = true));
  }
}

async function setUp(): Promise<{ lookahead: Lookahead; planner: FakePlanner; commands: StepCommand[]; driver: EpisodeDriver }> {
  const commands = [append(0), append(1), append(2)].map((t) => new StepCommand(t));
  const lookahead = new Lookahead(commands, config, DEFAULT_DOMAIN, new Set(['append']), 100, 10);
  const planner = new FakePlanner();
  lookahead.attach(planner);
  const system = await referenceAdapter.create(config);
  const driver = new EpisodeDriver(new EpisodeState(config), system, claimsOf(referenceAdapter), 5_000, undefined, 10);
  return { lookahead, planner, commands, driver };
}

describe('Lookahead.before', () => {
  it('answers synchronously when nothing is in flight and no stretch is due: a step inside a stretch takes no promise hop', async () => {
    const { lookahead, planner, commands, driver } = await setUp();
    expect(lookahead.before(commands[0] as StepCommand, driver)).toBeUndefined();
    expect(planner.plans).toHaveLength(0);
  });

  it('waits for a batch still in flight, then plans the next stretch from the command about to run', async () => {
    const { lookahead, planner, commands, driver } = await setUp();
    planner.inflight = Promise.resolve();
    const waiting = lookahead.before(commands[0] as StepCommand, driver);
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    expect(planner.plans).toHaveLength(1);
    expect(planner.plans[0]?.map((s) => s.op.kind)).toEqual(['append', 'append', 'append']);
  });

  it('hands the plan back as the promise to wait on when a stretch is due with nothing in flight', async () => {
    const { lookahead, planner, commands, driver } = await setUp();
    planner.canPlan = true;
    const planning = lookahead.before(commands[0] as StepCommand, driver);
    expect(planning).toBeInstanceOf(Promise);
    await planning;
    expect(planner.plans).toHaveLength(1);
  });
});
