import { Component, type ReactNode } from 'react';
import { ChunkLoadFailed } from './chunk-load-failed';

type Props = { children: ReactNode; onRetry: () => void };
type State = { chunkFailed: boolean };

/** Shows a retry message when a page's script part fails to load; other errors go up. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { chunkFailed: false };

  static getDerivedStateFromError(error: unknown): State {
    if (error instanceof Error && error.name === 'ChunkLoadError') return { chunkFailed: true };
    throw error;
  }

  override render() {
    return this.state.chunkFailed ? <ChunkLoadFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}
