import type { ChannelNode, ChannelRow } from '@educrm/contract/dictionaries';

/** A row of the channel table: a top-level channel with its sub-channels, or a sub-channel. */
export type ChannelTreeRow = ChannelRow & { children?: ChannelTreeRow[] };

/**
 * The tree the table shows, narrowed to the channels that match: a sub-channel stays when it
 * matches, a top-level channel when it or one of its sub-channels does (with the matching ones
 * under it). Empty child lists are left out so that leaves show no expand button.
 */
export const channelTreeRows = (
  nodes: readonly ChannelNode[],
  match: (c: ChannelRow) => boolean = () => true,
): ChannelTreeRow[] =>
  nodes.flatMap(({ children, ...parent }) => {
    const kids = children.filter(match);
    if (!match(parent) && kids.length === 0) return [];
    return [kids.length ? { ...parent, children: kids } : parent];
  });

/** Every channel of the tree, top-level ones first in their order, each followed by its children. */
export const flattenChannels = (nodes: readonly ChannelNode[]): ChannelRow[] =>
  nodes.flatMap(({ children, ...parent }) => [parent, ...children]);
