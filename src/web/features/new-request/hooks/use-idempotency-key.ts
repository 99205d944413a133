import { useRef } from 'react';

/**
 * One Idempotency-Key per form content: a retry or double click of the same content reuses it (the
 * server answers with the first request); changed content after a failure gets a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return (fingerprint: string): string => {
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: crypto.randomUUID() };
    return current.current.key;
  };
}
