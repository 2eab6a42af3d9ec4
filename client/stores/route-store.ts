import { create } from "zustand";

/**
 * Where a player can be: the home page, a room (addressed by its share link /r/CODE), or the researchers' page
 * (humans vs models and the data downloads; `/leaderboard`, its former address, still leads there).
 */
export type Route = { name: "home" } | { name: "room"; code: string } | { name: "research" };

/** Room codes are four letters; links are forgiving about case and a trailing slash. */
export function routeFromPath(pathname: string): Route {
  const m = /^\/r\/([A-Za-z]{4})\/?$/.exec(pathname);
  if (m) return { name: "room", code: m[1].toUpperCase() };
  return /^\/(research|leaderboard)\/?$/.test(pathname) ? { name: "research" } : { name: "home" };
}

export function pathForRoute(route: Route): string {
  return route.name === "room" ? `/r/${route.code}` : route.name === "research" ? "/research" : "/";
}

interface RouteState {
  route: Route;
  navigate(route: Route, opts?: { replace?: boolean }): void;
}

function currentPath(): string {
  return typeof location === "undefined" ? "/" : location.pathname;
}

export const useRouteStore = create<RouteState>((set) => ({
  route: routeFromPath(currentPath()),
  navigate(route, opts) {
    const path = pathForRoute(route);
    if (typeof history !== "undefined" && currentPath() !== path) {
      if (opts?.replace) history.replaceState(null, "", path);
      else history.pushState(null, "", path);
    }
    set({ route });
  },
}));

if (typeof window !== "undefined") {
  // Back and forward buttons move between home and a room like any web page.
  window.addEventListener("popstate", () => useRouteStore.setState({ route: routeFromPath(currentPath()) }));
}
