// Ports and credentials of the browser suite's local instances (loopback only).
export const E2E = {
  appPort: 8788,
  demoPort: 8789,
  resendPort: 8790,
  adminPassword: 'e2e-admin-password',
};
