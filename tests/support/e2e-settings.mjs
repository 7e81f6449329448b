// Ports and credentials of the browser suite's local instances (loopback only). E2E_PORT_BASE moves
// every port at once, so two checkouts can run the suite side by side.
//
// Each Playwright worker has a lane: its own app and demo instance, 10 ports further per lane, so
// instance-wide settings one test changes never reach a test another worker runs. Playwright gives a
// worker's process its lane as TEST_PARALLEL_INDEX; the main process (servers, fakes) sees lane 0.
// The fake email provider, outside sources and SMTP servers are shared: tests read them by address.
const base = Number(process.env.E2E_PORT_BASE ?? 8788);

/** How many workers (and pairs of instances) the suite runs with: E2E_WORKERS, 1 unless told. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** The app's and the demo instance's ports for one lane (0 to E2E_WORKERS - 1). */
export function lanePorts(lane) {
  return {
    appPort: base + 10 * lane,
    demoPort: base + 10 * lane + 1,
    appInspectorPort: base + 542 + 10 * lane,
    demoInspectorPort: base + 543 + 10 * lane,
  };
}

export const E2E = {
  ...lanePorts(Number(process.env.TEST_PARALLEL_INDEX ?? 0)),
  resendPort: base + 2,
  /** The fake outside sources (tests/support/fake-sources.ts): covers, BoardGameGeek, Goodreads. */
  sourcesPort: base + 3,
  /** The fake SMTP server (tests/support/fake-smtp.ts), and one beside it that never answers. */
  smtpPort: base + 4,
  smtpSilentPort: base + 5,
  adminPassword: 'e2e-admin-password',
};
