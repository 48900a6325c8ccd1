/**
 * people/person.service.ts reads permissions through this name; the presenter builds them. It
 * goes when that file imports access.presenter itself.
 */
export { toAccessPermission } from './access.presenter';
