import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { Page } from '../components/page';
import { paths } from '../config/routes';

/** Shown inside the frame when a page fails to render or its code fails to load. */
export function RouteErrorPage() {
  return (
    <Page title="Something went wrong">
      <p>This page could not be shown. Reloading often helps, for example after the site was updated.</p>
      <p className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload the page
        </button>
        <Link to={paths.home}>Go to the home page</Link>
      </p>
    </Page>
  );
}

interface BoundaryProps {
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * Catches a page that fails inside the frame (nav and footer stay). The
 * declarative router (main.tsx) has no route `errorElement`; keyed by path,
 * the boundary starts afresh on the next page.
 */
export function RouteErrorBoundary({ children }: BoundaryProps) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
