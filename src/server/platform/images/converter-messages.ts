import type { LogoType } from './sniff';

/** What the server sends the logo converter process: one upload to check and convert. */
export interface ConvertRequest {
  id: number;
  data: Uint8Array;
  type: LogoType;
}

/** What the converter process answers: it is ready, a PNG, the uploader's fault, or ours. */
export type ConvertAnswer =
  | { ready: true }
  | { id: number; png: Uint8Array; width: number; height: number; removed: string[] }
  | { id: number; refused: string }
  | { id: number; failed: string };

/** The converter process ends itself with this code when its memory passes its limit. */
export const OVER_MEMORY_EXIT_CODE = 70;
