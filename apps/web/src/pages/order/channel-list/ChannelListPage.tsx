/** Placeholder while its issue is in progress; replaced by the real page. */
export default function ChannelListPage() {
  return null;
}
