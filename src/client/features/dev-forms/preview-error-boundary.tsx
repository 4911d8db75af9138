import { Component, type ReactNode } from 'react';

interface State {
  error?: Error;
}

/** Shows an author why a form cannot be drawn (a broken schema) instead of a blank page. */
export class PreviewErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="rounded-md border-4 border-red-700 bg-white p-4">
        <p className="font-bold text-red-700">This form cannot be drawn</p>
        <pre className="mt-2 whitespace-pre-wrap text-sm">{this.state.error.message}</pre>
      </div>
    );
  }
}
