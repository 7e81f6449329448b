export declare const E2E: { appPort: number; demoPort: number; resendPort: number; adminPassword: string };
