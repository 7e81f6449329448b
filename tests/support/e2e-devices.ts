// The browser suite's phone: what the `phone` project of playwright.config.ts gives every *-phone.spec.ts,
// and what a phone spec of the `instance-wide` project (which holds desktop specs too) asks for itself.
// `screen` is what Chromium takes when only a viewport is given; it is said so that a desktop project's
// screen does not stay under a phone's viewport.
const viewport = { width: 390, height: 844 };

export const PHONE = { viewport, screen: viewport, isMobile: true, hasTouch: true };
