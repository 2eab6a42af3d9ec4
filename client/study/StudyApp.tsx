import { ThemeToggle } from "../components/ThemeToggle";
import { Icon } from "../components/Icon";
import { ParticipantPage } from "./ParticipantPage";
import { StudyAdminPage } from "./StudyAdminPage";
import { CreateStudyPage } from "./CreateStudyPage";

/** The study page's routes: `/s/ID` (participants), `/studies` (create one), `/studies/ID` (its researcher's view). */
export type StudyRoute = { name: "participant"; id: string } | { name: "create" } | { name: "admin"; id: string } | { name: "unknown" };

export function studyRouteOf(pathname: string): StudyRoute {
  const participant = /^\/s\/([a-z0-9]{10})\/?$/.exec(pathname);
  if (participant) return { name: "participant", id: participant[1] };
  const admin = /^\/studies\/([a-z0-9]{10})\/?$/.exec(pathname);
  if (admin) return { name: "admin", id: admin[1] };
  return /^\/studies\/?$/.test(pathname) ? { name: "create" } : { name: "unknown" };
}

export function StudyApp() {
  const route = studyRouteOf(location.pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the study
      </a>
      <header className="app-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            <Icon name="chameleon" />
          </span>
          SNEAK
        </span>
        <span className="header-spacer" />
        <ThemeToggle />
      </header>
      <main id="main" className="app-main study-main" tabIndex={-1}>
        {route.name === "participant" ? (
          <ParticipantPage studyId={route.id} />
        ) : route.name === "admin" ? (
          <StudyAdminPage studyId={route.id} />
        ) : route.name === "create" ? (
          <CreateStudyPage />
        ) : (
          <p>No such study page. A study link looks like /s/abcdefgh12.</p>
        )}
      </main>
    </>
  );
}
