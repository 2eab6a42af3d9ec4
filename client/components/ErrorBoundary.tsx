import { Component, type ReactNode } from "react";

/** A rendering failure shows a way back instead of a blank page; the seat survives a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="card" role="alert" style={{ maxWidth: 560, margin: "2rem auto" }}>
        <h1>Something went wrong on this page</h1>
        <p className="muted">{this.state.error.message}</p>
        <p>Reloading keeps your seat.</p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
