import { createHash } from 'node:crypto';
import { errorCodes } from '@hurryup/contracts/errors';
import { type ReportKind, type ReportStatus, reportMessages } from '@hurryup/contracts/report-rules';
import type { ReportBody, ReportSummary } from '@hurryup/contracts/reports';
import type { Clock } from '../../shared/clock.ts';
import { HttpError } from '../../shared/http-error.ts';
import type { Limit } from '../../shared/limits.ts';
import type { ReportableItem } from '../../shared/site-registry.ts';
import type { ReportGroup, ReportRepository } from './reports.repository.ts';

const notFoundMessages: Record<ReportKind, string> = {
  comment: reportMessages.commentNotFound,
  'short-link': reportMessages.shortLinkNotFound,
};

/**
 * Visitors' reports of comments and short links: a report names an item that exists (the feature that
 * owns it finds it through the site registry), counts against the visitor's limit, and is stored once per
 * visitor and item while open. The operator sees the reported items with their counts and closes them.
 */
export function createReportService(deps: {
  repository: ReportRepository;
  clock: Clock;
  limit: Limit;
  find(kind: ReportKind, key: string): Promise<ReportableItem | undefined>;
}) {
  const { repository, clock, limit, find } = deps;
  const summaryOf = async (group: ReportGroup): Promise<ReportSummary> => ({
    kind: group.kind as ReportKind,
    key: group.key,
    reports: group.reports,
    open: group.open,
    status: group.open > 0 ? 'open' : 'closed',
    firstReportedAt: group.firstReportedAt,
    lastReportedAt: group.lastReportedAt,
    item: (await find(group.kind as ReportKind, group.key)) ?? null,
  });
  return {
    async report(body: ReportBody, visitor: string): Promise<{ message: typeof reportMessages.sent }> {
      const key = body.kind === 'comment' ? String(body.id) : body.code;
      if (!(await find(body.kind, key))) {
        const field = body.kind === 'comment' ? 'id' : 'code';
        throw new HttpError(404, errorCodes.notFound, notFoundMessages[body.kind], {
          [field]: notFoundMessages[body.kind],
        });
      }
      await limit.enforce(visitor);
      const visitorHash = createHash('sha256').update(visitor).digest('hex');
      // A visitor reporting the same item again adds nothing while their report is open.
      if (!(await repository.openBy(body.kind, key, visitorHash)))
        await repository.insert({
          kind: body.kind,
          target_key: key,
          created_at: clock.date().toISOString(),
          visitor_hash: visitorHash,
        });
      return { message: reportMessages.sent };
    },
    async list(query: {
      status: ReportStatus | 'all';
      limit: number;
      offset: number;
    }): Promise<ReportSummary[]> {
      const groups = await repository.groups(query);
      return Promise.all(groups.map(summaryOf));
    },
    async setStatus(kind: ReportKind, key: string, status: ReportStatus): Promise<ReportSummary> {
      const changed = await repository.setStatus(kind, key, status);
      const group = changed > 0 ? await repository.group(kind, key) : undefined;
      if (!group) throw new HttpError(404, errorCodes.notFound, 'There are no reports of this item.');
      return summaryOf(group);
    },
    counts: (kind: ReportKind, keys: readonly string[]) => repository.counts(kind, keys),
  };
}
