// Waits for a task of its own: what comes after runs once the browser has had a turn (input, paint).
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
