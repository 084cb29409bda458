// requires: runtime
// Retries with exponential backoff and a custom error class.
class RetryError extends Error {
  constructor(message, attempts, cause) {
    super(message);
    this.name = 'RetryError';
    this.attempts = attempts;
    this.cause = cause;
  }
}

const delays = [];
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

async function withRetry(fn, { retries = 3, base = 2, factor = 2, onRetry } = {}) {
  let lastError;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      lastError = err;
      if (attempt > retries) break;
      const delay = base * factor ** (attempt - 1);
      delays.push(delay);
      onRetry?.(attempt, err);
      await wait(delay);
    }
  }
  throw new RetryError(`failed after ${retries + 1} attempts`, retries + 1, lastError);
}

let calls = 0;
const flaky = async (attempt) => {
  calls++;
  if (attempt < 3) throw new Error(`transient ${attempt}`);
  return `ok on ${attempt}`;
};
console.log(await withRetry(flaky, { onRetry: (n, e) => console.log(`retry ${n}: ${e.message}`) }));
try {
  await withRetry(async () => { throw new TypeError('always'); }, { retries: 2 });
} catch (e) {
  console.log(e instanceof RetryError, e instanceof Error, e.name, e.message, e.attempts, e.cause?.name);
  console.error(e);
}
console.log(`calls=${calls} delays=${delays.join('/')}`);
