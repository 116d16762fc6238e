import type { ClickEventName } from '../../contract/api';
import { insertClick } from '../repositories/clicks';
import type { ServiceContext } from './context';

export function createClickService({ db }: ServiceContext) {
  return {
    async record(
      userId: string,
      click: { event_name: ClickEventName; page_url: string; metadata: Record<string, unknown> },
    ): Promise<void> {
      await insertClick(db, {
        userId,
        eventName: click.event_name,
        pageUrl: click.page_url,
        metadata: click.metadata,
      });
    },
  };
}

export type ClickService = ReturnType<typeof createClickService>;
