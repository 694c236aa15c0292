import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';

/** A definition half-way through editing must not take the whole builder down with it. */
export class PreviewBoundary extends Component<{ children: ReactNode; message: string; resetKey: unknown }, { failed: boolean; key: unknown }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { failed: boolean; key: unknown }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override render() {
    if (this.state.failed) {
      return (
        <Alert color="orange" variant="light">
          {this.props.message}
        </Alert>
      );
    }
    return this.props.children;
  }
}
