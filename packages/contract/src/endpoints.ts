import { accessApi } from './access';
import { accessLevelsApi } from './access-levels';
import { accountApi } from './account';
import { apiTokensApi } from './api-tokens';
import { attendanceApi } from './attendance';
import { attendanceRequestsApi } from './attendance-requests';
import { authApi } from './auth';
import { countingApi } from './counting';
import { dashboardApi } from './dashboard';
import { delegationApi } from './delegation';
import { departmentsApi } from './departments';
import { type EndpointDef, listEndpoints } from './endpoint';
import { leaveApi } from './leave';
import { mailApi } from './mail';
import { organisationApi } from './organisation';
import { passwordResetApi } from './password-reset';
import { payrollApi } from './payroll';
import { peopleApi } from './people';
import { peopleImportApi } from './people-import';
import { reportsApi } from './reports';
import { sitesApi } from './sites';
import { ssoApi } from './sso';
import { systemApi } from './system';
import { teamApi } from './team';
import { videoApi } from './video';
import { webhooksApi } from './webhooks';

/**
 * Every HTTP endpoint of Atrium, grouped by domain. A new domain adds its group here, and the
 * generated authorization matrix and fuzz tests cover it without further work.
 */
export const apiEndpoints = {
  system: systemApi,
  auth: authApi,
  sso: ssoApi,
  passwordReset: passwordResetApi,
  account: accountApi,
  people: peopleApi,
  peopleImport: peopleImportApi,
  attendance: attendanceApi,
  attendanceRequests: attendanceRequestsApi,
  dashboard: dashboardApi,
  leave: leaveApi,
  access: accessApi,
  accessLevels: accessLevelsApi,
  video: videoApi,
  counting: countingApi,
  reports: reportsApi,
  organisation: organisationApi,
  payroll: payrollApi,
  departments: departmentsApi,
  sites: sitesApi,
  team: teamApi,
  delegation: delegationApi,
  mail: mailApi,
  apiTokens: apiTokensApi,
  webhooks: webhooksApi,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = listEndpoints(apiEndpoints);
