/**
 * The request drawer's address. Its tab is in the address (`?tab=items&item=<id>`), so a board card
 * or a notification about one item opens the Items tab with that item and its proof in view
 * (decision 0057).
 */
export function drawerPath(requestId: string, itemId?: string | null): string {
  return itemId ? `/request/${requestId}?tab=items&item=${encodeURIComponent(itemId)}` : `/request/${requestId}`;
}
