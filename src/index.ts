// The public surface of prunecheck. Named exports only; everything not listed here is internal.

export { ReferenceRuntime, DEFAULT_SCORE } from './model/ReferenceRuntime.ts';
export type { RuntimeConfig, SpanObservation, GateDecision } from './model/ReferenceRuntime.ts';
export { ModelError } from './model/ModelError.ts';
export type { ModelErrorCode } from './model/ModelError.ts';
export { OPERATION_KINDS } from './model/Operation.ts';
export type {
  Operation,
  OperationKind,
  AppendOp,
  PersistOp,
  RotateOp,
  EditOp,
  PruneOp,
  SummarizeOp,
  ReframeOp,
  CompactOp,
  RestoreOp,
  LookupOp,
  ClaimOp,
  CallToolOp,
  SetVersionOp,
} from './model/Operation.ts';
export type {
  Outcome,
  OutcomeKind,
  BackingCheck,
  EvictionMode,
  RejectionReason,
  LookupAnswer,
  ClaimVerdict,
  RequestRecord,
  ToolCallOutcome,
} from './model/Outcome.ts';
export type { Span, SpanInput, SpanKind, SpanView, RawKind, Provenance } from './model/Span.ts';
export { estimateTokens } from './model/Span.ts';
export type { Tombstone } from './model/Tombstone.ts';
export type { IndexEntry } from './model/IndexEntry.ts';
export { digest } from './model/digest.ts';
export { INVARIANTS, INVARIANT_IDS, RUNTIME_INVARIANT_IDS } from './model/invariants.ts';
export type { InvariantId } from './model/invariants.ts';
export { SPEC_VERSION } from './model/specVersion.ts';

export type { Adapter, Capabilities, PruningSystem, MaybePromise, StepAnswer } from './adapters/Adapter.ts';
export { runtimeAdapter } from './adapters/runtimeAdapter.ts';
export { referenceAdapter } from './subjects/reference.ts';
export { loadAdapter } from './subjects/loadAdapter.ts';
export { AdapterLoadError } from './adapters/AdapterLoadError.ts';
export { SubjectLoadFailure } from './adapters/supervise/SubjectLoadFailure.ts';
export { SubjectExitedError } from './adapters/supervise/SubjectExitedError.ts';
export type { LoadOptions } from './adapters/supervise/Supervisor.ts';
export { BUILTIN_ADAPTERS } from './subjects/builtins.ts';
export { ZOO_ADAPTERS, ZOO_EXPECTATIONS } from './subjects/zoo/index.ts';

export { checkAdapter } from './run/checkAdapter.ts';
export type { AnyAdapter, AdapterReport, AdapterCheckOptions, RuntimeCheckReport } from './run/checkAdapter.ts';
export { CheckOptionsError } from './run/CheckOptionsError.ts';
export type { CheckOptions } from './run/CheckOptions.ts';
export type { CheckProgress } from './check/CheckProgress.ts';
export type { CheckReport, Counterexample, InvariantResult, Verdict, Violation } from './run/CheckReport.ts';
export type { FindingKind } from './check/FindingKind.ts';
export { replayCounterexample } from './run/replayCounterexample.ts';
export type { AdapterReplayResult, ReplayOptions } from './run/replayCounterexample.ts';
export type { ReplayResult } from './run/runtime/replayCounterexample.ts';
export { SITUATIONS } from './gen/runtime/situations.ts';
export type { Situation } from './gen/runtime/situations.ts';

export { commandAdapter, loadCommandAdapter } from './adapters/protocol/commandAdapter.ts';
export type { CommandAdapter, CommandAdapterOptions } from './adapters/protocol/commandAdapter.ts';
export { ProtocolError } from './adapters/protocol/ProtocolError.ts';
export type { ProtocolErrorCode, ProtocolFinding } from './adapters/protocol/ProtocolError.ts';
export { PROTOCOL_MINOR, PROTOCOL_VERSION } from './adapters/protocol/messages.ts';
export { serveProtocol } from './adapters/protocol/serveProtocol.ts';
export type { ServedRuntime, ServedInfo } from './adapters/protocol/serveProtocol.ts';

export { renderJsonReport } from './report/jsonReport.ts';
export { renderJunitReport } from './report/junitReport.ts';
export { renderMarkdownReport } from './report/markdownReport.ts';
export { renderPrettyReport } from './report/prettyReport.ts';
export type { PrettyOptions } from './report/prettyReport.ts';
export { buildConformanceMatrix, renderConformanceJson, renderConformanceMarkdown } from './report/conformanceMatrix.ts';
export type { ConformanceMatrix, MatrixRow, MatrixEntry, Expectation } from './report/conformanceMatrix.ts';
export { createProgressPrinter } from './report/progressPrinter.ts';
export type { ProgressPrinter, ProgressPrinterOptions } from './report/progressPrinter.ts';
export { writeReport } from './util/writeReport.ts';

export { NaiveRuntime } from './subjects/naive/NaiveRuntime.ts';
export { naiveAdapter } from './subjects/naive/naive.ts';
export { ConservativeRuntime } from './subjects/conservative/ConservativeRuntime.ts';
export { conservativeAdapter } from './subjects/conservative/conservative.ts';
export { ContextOverflowError } from './adapters/ContextOverflowError.ts';
export { loadScenario, parseScenario, serializeScenario, listScenarios, SCENARIOS_DIR } from './scenario/loadScenario.ts';
export { runScenario, scenarioTrace } from './scenario/runScenario.ts';
export { ScenarioError } from './scenario/ScenarioError.ts';
export type { ScenarioErrorCode } from './scenario/ScenarioError.ts';
export { SCENARIO_FORMAT, FAILURE_KINDS } from './scenario/Scenario.ts';
export type { Scenario, WindowSpec, ModelSpec, TimelineEvent, FailureKind, Expectation as ScenarioExpectation } from './scenario/Scenario.ts';
export type { ScenarioRun, ProbeResult, TimelineEntry, OccupancySample, ExpectationCheck } from './scenario/ScenarioRun.ts';
export { renderTimeline } from './report/scenarioTimeline.ts';
export { renderScenariosMarkdown } from './report/scenarioMarkdown.ts';
export { renderOccupancyChart } from './report/occupancyChart.ts';

// Policy mode: message-list pruners that decide for themselves (docs/policy-mode.md "Test your own pruner").
export type { PolicyAdapter, PolicySystem, PolicyStep, PolicyRecord, PolicyConfig, FakeChatModel, PolicyAgentState, PolicyTodo } from './adapters/policy/PolicyAdapter.ts';
export type { PolicyMessage, PolicyToolCall, PolicyRole, PolicyReasoning } from './adapters/policy/PolicyMessage.ts';
export { renderMessages } from './adapters/policy/PolicyMessage.ts';
export { POLICY_ADAPTERS, findPolicyAdapter } from './subjects/policy/index.ts';
export type { PolicyAdapterEntry } from './subjects/policy/index.ts';
export type { PrunerLibrary, LibraryStatus } from './subjects/policy/PrunerLibrary.ts';
export { loadPolicyAdapter } from './subjects/policy/loadPolicyAdapter.ts';
export { isPolicyAdapter, validatePolicyAdapter } from './adapters/policy/validatePolicyAdapter.ts';
// SPEC 1.2 INV-36…INV-38: optional observations of state outside the list (spec/ADAPTER.md §7.1).
export type { PolicyHeldItem } from './adapters/policy/PolicyHeldItem.ts';
export type { PolicyOutcome } from './adapters/policy/PolicyOutcome.ts';
export { POLICY_CHECKABLE } from './adapters/policy/invariantIds.ts';
export type { PolicyCapabilities } from './adapters/policy/PolicyCapabilities.ts';
export { POLICY_CAPABILITY_NAMES } from './adapters/policy/PolicyCapabilities.ts';
export { proxyTokens, CHARS_PER_TOKEN } from './adapters/policy/policyTokens.ts';
export { POLICY_DEFAULT_RUNS } from './run/policy/policyDefaults.ts';
export type { PolicyTimeout } from './run/policy/PolicyTimeout.ts';
export type { StepBudget } from './run/policy/stepBudget.ts';
export { checkPolicyAdapter, policyReplayCommand } from './run/policy/checkPolicyAdapter.ts';
export type { PolicyCheckOptions, PolicyCheckReport, PolicyViolation } from './run/policy/checkPolicyAdapter.ts';
export { replayPolicyCounterexample, readPolicyCounterexample, PolicyCounterexampleError } from './run/policy/replayPolicyCounterexample.ts';
export type { PolicyReplayResult } from './run/policy/replayPolicyCounterexample.ts';
export type { PolicyCounterexample, PolicyRoundTrace } from './run/policy/PolicyCounterexample.ts';
export { FAKE_BEHAVIOURS } from './gen/policy/fakeModel.ts';
export type { FakeBehaviour, ModelCall } from './gen/policy/fakeModel.ts';
export type { PolicyCase } from './gen/policy/PolicyCase.ts';
export { renderEcosystemMarkdown, renderEcosystemJson } from './report/policy/ecosystemReport.ts';
export type { EcosystemReport } from './report/policy/ecosystemReport.ts';
export { renderPolicyPrettyReport } from './report/policy/prettyReport.ts';
// SPEC 1.2 rules 5-7 (INV-33…INV-35): attachments, providers' request-shape rules, sensitive output.
export type { PolicyAttachment } from './adapters/policy/PolicyMessage.ts';
export { PROVIDER_NAMES, SHAPE_RULES, shapeBreaches } from './adapters/policy/providerShape.ts';
export type { ProviderName, ShapeRule, ShapeBreach } from './adapters/policy/providerShape.ts';

// Known findings (docs/expectations.md).
export { EXPECTATIONS_FORMAT, DEFAULT_EXPECTATIONS_FILE } from './run/expectations/Expectations.ts';
export type { KnownFinding, ExpectationsFile, ExpectationsOutcome, ExpectedFinding, UnexpectedPass, UncheckedExpectation } from './run/expectations/Expectations.ts';
export { ExpectationsError } from './run/expectations/ExpectationsError.ts';
export { readExpectations, parseExpectations } from './run/expectations/readExpectations.ts';
export { applyExpectations, expectationsOf } from './run/expectations/applyExpectations.ts';
export type { WithExpectations } from './run/expectations/applyExpectations.ts';
export { updateExpectations, writeExpectations } from './run/expectations/updateExpectations.ts';
export { expectationStatus } from './run/expectations/renderExpectations.ts';

// Recorded sessions of real agents (docs/audit.md).
export { auditSessions, AUDIT_RULES } from './run/audit/auditSessions.ts';
export type { AuditOptions } from './run/audit/AuditOptions.ts';
export type { AuditReport, AuditedSession, AuditedCompaction, AuditKnownFinding, AuditExpectationsResult } from './run/audit/AuditReport.ts';
export { AUDIT_EXPECTATIONS_FORMAT } from './run/audit/auditExpectations.ts';
export type { AuditFinding, AuditEvidence, AuditRule, AuditRuleId } from './check/audit/AuditFinding.ts';
export { AUDIT_RULE_IDS } from './check/audit/AuditFinding.ts';
export { IDENTIFIER_CLASSES } from './check/audit/identifiers.ts';
export type { IdentifierClass } from './check/audit/identifiers.ts';
export type { Survival } from './check/audit/survival.ts';
export { SESSION_FORMATS } from './adapters/sessions/SessionReader.ts';
export type { SessionFormat, SessionReader } from './adapters/sessions/SessionReader.ts';
export { SESSION_READERS } from './adapters/sessions/readers.ts';
export type { RecordedCompaction, RecordedMessage, RecordedSummary, RecordRef, SessionEvent, ReadNotes } from './adapters/sessions/SessionEvent.ts';
export { SessionFormatError } from './adapters/sessions/SessionFormatError.ts';
export type { SessionFormatErrorCode } from './adapters/sessions/SessionFormatError.ts';
export { writeNeutralSession, NEUTRAL_FORMAT, NEUTRAL_VERSION } from './adapters/sessions/neutral.ts';
export type { NeutralSession, NeutralEntry } from './adapters/sessions/neutral.ts';
export { renderAuditPretty } from './report/audit/prettyAudit.ts';
export { renderAuditMarkdown } from './report/audit/markdownAudit.ts';
export { renderAuditJunit } from './report/audit/junitAudit.ts';
export { renderSurvivalChart } from './report/audit/survivalChart.ts';

// Benchmarks of any pruner (docs/benchmarks.md "Benchmark your own pruner").
export { benchAdapter, DEFAULT_BENCH_SEED, POLICY_REFERENCE } from './run/bench/benchAdapter.ts';
export type { BenchAdapterOptions } from './run/bench/benchAdapter.ts';
export { AdapterBenchError } from './run/bench/AdapterBenchError.ts';
export type { AdapterBenchErrorCode } from './run/bench/AdapterBenchError.ts';
export type { AdapterBenchReport, BenchPathInfo, BenchRole, Growth, GrowthVerdict, MemoryFigure, PathCost, PathSkip } from './run/bench/AdapterBenchReport.ts';
export type { BenchProgress } from './run/bench/runBench.ts';
export { fitExponent, growthOf, FLAT_BELOW, SUPERLINEAR_FROM } from './run/bench/fitGrowth.ts';
export { renderAdapterBenchMarkdown } from './report/bench/adapterBenchMarkdown.ts';
export { renderAdapterBenchChart } from './report/bench/adapterBenchChart.ts';
export { renderAdapterBenchPretty } from './report/bench/adapterBenchPretty.ts';
export { flatWindowAdapter } from './subjects/policy/bench/flatWindow.ts';
export { recountingWindowAdapter } from './subjects/policy/bench/recountingWindow.ts';
