// Analytics (DESIGN section 8): page views and clicks the app sends in batches. A batch names
// its player by the session's token; the player's rows go with the account (anonymiseUser).
import type { AnalyticsClick, PageView } from '../../contract/analytics';
import { insertPageViews, lockLivePlayer } from '../repositories/analytics';
import { insertClicks } from '../repositories/clicks';
import type { ServiceContext } from './context';

export type AnalyticsBatchInput = {
  pageViews: PageView[];
  clicks: Array<Required<Pick<AnalyticsClick, 'metadata'>> & Omit<AnalyticsClick, 'metadata'>>;
};

export function createAnalyticsService({ db }: ServiceContext) {
  return {
    /**
     * Stores a batch: with a player, in one transaction that first takes the player's row
     * FOR KEY SHARE and reads it afresh, so a batch racing the account's deletion either lands
     * before it (and is erased with the rest) or finds the player deleted and keeps nothing of
     * theirs. Without a live player, the page views are kept without one and the clicks are
     * dropped. Answers how many rows were stored.
     */
    async record(
      userId: string | null,
      batch: AnalyticsBatchInput,
    ): Promise<{ pageViews: number; clicks: number }> {
      const views = (playerId: string | null) =>
        batch.pageViews.map((view) => ({
          userId: playerId,
          path: view.path,
          platform: view.platform,
        }));
      if (userId === null) {
        await insertPageViews(db, views(null));
        return { pageViews: batch.pageViews.length, clicks: 0 };
      }
      return db.transaction(async (tx) => {
        const playerId = (await lockLivePlayer(tx, userId)) ? userId : null;
        await insertPageViews(tx, views(playerId));
        if (playerId === null) return { pageViews: batch.pageViews.length, clicks: 0 };
        await insertClicks(
          tx,
          batch.clicks.map((click) => ({
            userId: playerId,
            eventName: click.event_name,
            pageUrl: click.page_url,
            metadata: click.metadata,
            platform: click.platform,
          })),
        );
        return { pageViews: batch.pageViews.length, clicks: batch.clicks.length };
      });
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
