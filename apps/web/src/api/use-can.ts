import type { Action } from '@glass/domain/actions';
import { can } from '@glass/domain/roles';
import { useSessionState } from './use-session';

/** Whether the signed-in user's role may do this action (the server checks it again). */
export function useCan(action: Action): boolean {
  const { user } = useSessionState();
  return can(user?.userRoleId ?? user?.userRole, action);
}
