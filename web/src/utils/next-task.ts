/**
 * Resolves in a new task, after the browser has had its turn (input, rendering): the
 * Prioritized Task Scheduling API's `scheduler.yield()` where there is one (it resumes ahead of
 * other queued work), a message to ourselves elsewhere (unlike a timer, not delayed to a second
 * in a background tab).
 */
export function nextTask(): Promise<void> {
  if (typeof scheduler !== 'undefined' && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
