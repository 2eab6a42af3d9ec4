import { ConnectionBanner } from "./components/ConnectionBanner";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { Notices } from "./components/Notices";
import { ThemeToggle } from "./components/ThemeToggle";
import { HomeScreen } from "./screens/HomeScreen";
import { RoomScreen } from "./screens/RoomScreen";
import { ResearchScreen } from "./screens/ResearchScreen";
import { useConnectionStore } from "./stores/connection-store";
import { useRouteStore } from "./stores/route-store";
import { Icon } from "./components/Icon";

/** The shell: header, connection banner, the current route's screen, and the notices. */
export function App() {
  const route = useRouteStore((s) => s.route);
  const navigate = useRouteStore((s) => s.navigate);
  const status = useConnectionStore((s) => s.status);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the game
      </a>
      {route.name === "room" && (
        <a className="skip-link" href="#chat">
          Skip to the chat
        </a>
      )}
      <header className="app-header">
        <a
          className="brand"
          href="/"
          onClick={(e) => {
            e.preventDefault();
            navigate({ name: "home" });
          }}
        >
          <span className="brand-mark" aria-hidden="true">
            <Icon name="chameleon" />
          </span>
          SNEAK
        </a>
        <span className="header-spacer" />
        {route.name === "room" && (
          <span className="header-code" aria-label={`Room ${route.code.split("").join(" ")}`}>
            {route.code}
          </span>
        )}
        {status !== "idle" && (
          <span
            className={`conn-dot ${status === "connected" ? "online" : "offline"}`}
            role="img"
            aria-label={status === "connected" ? "Connected" : "Not connected"}
            title={status === "connected" ? "Connected" : "Not connected"}
          />
        )}
        <ThemeToggle />
      </header>
      <ConnectionBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        <ErrorBoundary>
          {route.name === "home" ? <HomeScreen /> : route.name === "research" ? <ResearchScreen /> : <RoomScreen key={route.code} code={route.code} />}
        </ErrorBoundary>
      </main>
      <Notices />
    </>
  );
}
