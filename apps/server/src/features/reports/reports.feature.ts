import { reportMessages, reportsPerWindow, reportsWindowMinutes } from '@hurryup/contracts/report-rules';
import { listReports, sendReport, setReportsStatus } from '@hurryup/contracts/reports';
import { tablesOf } from '../../db/tables-of.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { reportMigrations } from './reports.migrations.ts';
import { createReportRepository } from './reports.repository.ts';
import { createReportService } from './reports.service.ts';
import type { ReportTables } from './reports.tables.ts';

/**
 * Visitors' reports (issue 30 item 5): `POST /api/reports` from the Report link of a comment or of a short
 * link's preview, and the operator's `/api/admin/reports`. The items belong to other features, found
 * through the site registry (`site.addReportable`); their admin lists read the counts from here
 * (`site.reportCounts`). A report changes no page.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  migrations: reportMigrations,
  async plugin(app, { database, config, site, clock, limits }) {
    const reports = createReportService({
      repository: createReportRepository(tablesOf<ReportTables>(database.db)),
      clock,
      limit: limits.define({
        name: 'reports.per-visitor',
        description: `Reports of comments and short links per visitor in ${reportsWindowMinutes} minutes (client address; IPv6 per /64)`,
        max: reportsPerWindow,
        windowMs: reportsWindowMinutes * 60_000,
        message: () => reportMessages.tooMany,
      }),
      find: (kind, key) => site.reportable(kind, key),
    });
    site.provideReportCounts((kind, keys) => reports.counts(kind, keys));
    registerCall(app, sendReport, ({ body }, request) => reports.report(body, clientKey(request.ip)));
    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, listReports, ({ query }) => reports.list(query));
      registerCall(admin, setReportsStatus, async ({ params, body }, request) => {
        const result = await reports.setStatus(params.kind, params.key, body.status);
        await app.adminActivity.record(request, {
          kind: 'reports',
          itemId: `${params.kind}:${params.key}`,
          item: `Reports of ${params.kind} ${params.key}`,
          action: body.status === 'closed' ? 'close' : 'reopen',
        });
        return result;
      });
    });
  },
});
