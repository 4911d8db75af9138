import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  children: ReactNode;
  supportEmail: string;
}

interface State {
  error: Error | null;
  componentStack: string;
}

/** Catches rendering errors below it and shows the 'Something went wrong' screen instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(_error: Error, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorScreen
          error={this.state.error}
          componentStack={this.state.componentStack}
          supportEmail={this.props.supportEmail}
        />
      );
    }
    return this.props.children;
  }
}
