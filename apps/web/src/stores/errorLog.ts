import { create } from 'zustand';

/** One captured error (spec section 3): message, stack, info, page URL. */
export interface ErrorLogEntry {
  id: number;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: number;
}

const MAX_ENTRIES = 100;
let nextId = 1;

export interface ErrorLogState {
  logs: ErrorLogEntry[];
  add: (entry: Omit<ErrorLogEntry, 'id' | 'time'>) => void;
  clear: () => void;
}

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  add: (entry) =>
    set((s) => ({ logs: [...s.logs, { ...entry, id: nextId++, time: Date.now() }].slice(-MAX_ENTRIES) })),
  clear: () => set({ logs: [] }),
}));
