/**
 * What the API answers while its database cannot be reached: 503 with Retry-After and
 * this body. The web app retries reads on it and tells the person once, instead of a failure.
 */
export const UNAVAILABLE_CODE = 'unavailable';
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds the browser is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
