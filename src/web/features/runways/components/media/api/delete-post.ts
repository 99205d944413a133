import { api } from '@web/lib/api';

/** Deletes a saved post with the plan version the editor holds; answers the plan's new version. */
export const deletePost = (sundayDate: string, postId: string, version: number) =>
  api.delete<{ version: number }>(`/api/sundays/${sundayDate}/social/${postId}?version=${version}`);
