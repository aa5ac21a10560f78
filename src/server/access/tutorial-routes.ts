import * as access from '../../shared/api/access';
import type { Deps } from '../deps';
import type { Routes } from '../platform/http/route';

/**
 * The Help page's videos exist only where the operator has put them online: with no
 * TUTORIAL_VIDEO_BASE_URL the list is empty and the page shows no player at all.
 */
export function tutorialRoutes(routes: Routes, deps: Deps): void {
  const base = deps.config.tutorialVideoBase;
  const videos = base ? access.TUTORIAL_IDS.map((id) => ({ id, url: `${base}${id}.mp4` })) : [];
  routes.userCall(access.tutorialVideos, () => ({ success: true as const, videos }));
}
