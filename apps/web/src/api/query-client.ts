import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './auth';
import { ApiError } from './http';

// One client for the signed-in app (loaded with the shell, not with the login page). It is emptied
// when the session ends so no data outlives the user.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // Retrying a 4xx only repeats the same answer; retry transient failures once.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    },
  },
});

onSessionEnd(() => queryClient.clear());
