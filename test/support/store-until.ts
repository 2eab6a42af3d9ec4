import type { StoreApi, UseBoundStore } from "zustand";

/** Resolves with a zustand store's state once `predicate` holds (at once if it already does); fails after 10 s. */
export function until<T>(store: UseBoundStore<StoreApi<T>>, predicate: (s: T) => boolean, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    if (predicate(store.getState())) return resolve(store.getState());
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${what}`));
    }, 10_000);
    const unsubscribe = store.subscribe((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(s);
    });
  });
}
