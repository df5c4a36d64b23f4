import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../api/client-errors';
import { isChunkLoadError } from './chunk-reload';
import { ErrorScreen } from './error-screen';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a caught error, so navigating away leaves the error screen. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/** Catches a screen's rendering error and keeps the shell usable around the error screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected rendering error', error, info.componentStack);
    reportClientError('boundary', error, {
      stack: `${(error as Error)?.stack ?? ''}\n${info.componentStack ?? ''}`,
    });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error)
      return (
        <ErrorScreen
          error={error}
          // React.lazy keeps a failed import, so only a full reload fetches a screen's script again.
          onRetry={() =>
            isChunkLoadError(error) ? window.location.reload() : this.setState({ error: null })
          }
        />
      );
    return this.props.children;
  }
}
