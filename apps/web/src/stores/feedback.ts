import { create } from 'zustand';

/**
 * Which on-demand feedback hosts are mounted: the antd message holder (loaded with the first
 * message) and the 'Confirm logout' box (one box however many requests got a 401).
 */
export const useFeedbackHosts = create<{ messages: boolean; logout: boolean }>()(() => ({
  messages: false,
  logout: false,
}));

export const requestMessageHost = () => {
  if (!useFeedbackHosts.getState().messages) useFeedbackHosts.setState({ messages: true });
};

/** Opens the logout box unless it is already open; returns whether this call opened it. */
export const openLogoutBox = (): boolean => {
  if (useFeedbackHosts.getState().logout) return false;
  useFeedbackHosts.setState({ logout: true });
  return true;
};

export const closeLogoutBox = () => useFeedbackHosts.setState({ logout: false });
