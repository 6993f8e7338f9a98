import { Component, type ErrorInfo, type ReactNode } from "react";
import { AppReady } from "../../layout/app-ready";
import { Button } from "../../ui/button";

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the location) clears a shown error. */
  resetKey?: string;
}
interface State {
  error: Error | null;
}

/** The error fallback of SPEC §2.18. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Unhandled UI error", error, info.componentStack);
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <AppReady />
        <h1 className="text-3xl font-bold">Oops! Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          We encountered an unexpected error. Please try again, or go back to the home page.
        </p>
        <div className="mt-6 flex gap-3">
          <Button onClick={() => this.setState({ error: null })}>Try Again</Button>
          <Button variant="outline" asChild>
            <a href="/">Go Home</a>
          </Button>
        </div>
      </div>
    );
  }
}
