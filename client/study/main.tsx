import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { applyStoredTheme } from "../stores/theme-store";
import { StudyApp } from "./StudyApp";
import "../styles/app.css";
import "./study.css";

// The studies' own page (client/study.html): a participant's phone loads the study, not the game.
applyStoredTheme();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <StudyApp />
  </StrictMode>,
);
