import { Component, type ReactNode } from 'react';
import { UnexpectedError } from './unexpected-error';

type State = { failed: boolean };

/** The last line of defence: any error while rendering shows the generic error page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Unexpected application error', error);
  }

  override render() {
    return this.state.failed ? <UnexpectedError /> : this.props.children;
  }
}
