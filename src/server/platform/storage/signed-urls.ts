import { createHmac } from 'node:crypto';
import { safeEqual } from '../security/tokens';

/** A file address that works for a short while without a session: PDFs opened in a new tab or shared. */
export function fileUrlSigner(secret: string) {
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`file:${key}:${exp}`).digest('base64url');
  return {
    url(key: string, ttlMs: number, now = Date.now()): string {
      const exp = Math.floor((now + ttlMs) / 1000);
      return `/api/files/${key}?exp=${exp}&sig=${sign(key, exp)}`;
    },
    verify(key: string, exp: number, sig: string, now = Date.now()): boolean {
      if (!Number.isInteger(exp) || exp * 1000 < now) return false;
      return safeEqual(sign(key, exp), sig);
    },
  };
}
export type FileUrlSigner = ReturnType<typeof fileUrlSigner>;
