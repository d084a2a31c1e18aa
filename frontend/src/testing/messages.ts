import type { components } from '@/lib/api/openapi';

type Schemas = components['schemas'];
export type ConversationSummary = Schemas['ConversationSummary'];
export type MessageItem = Schemas['MessageItem'];

/** A conversation in the inbox as the backend returns one; override what a test is about. */
export function aConversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 1,
    otherUserId: 8,
    name: 'Sanne',
    petId: null,
    petName: null,
    avatarUrl: null,
    petAvatarUrl: null,
    profileType: 'huisdier',
    isOnline: false,
    lastMessage: 'Hoi!',
    lastMessageTime: new Date().toISOString(),
    lastMessageIsOwn: false,
    unreadCount: 0,
    closed: null,
    ...overrides,
  };
}

/** A message as the backend returns one. */
export function aMessage(overrides: Partial<MessageItem> = {}): MessageItem {
  return {
    id: 1,
    text: 'Hoi!',
    timestamp: new Date().toISOString(),
    isOwn: false,
    isRead: true,
    safetyHint: false,
    ...overrides,
  };
}

/** Today (or `daysAgo` days before) at a local time, as the backend writes times. */
export function localTime(hour: number, minute: number, daysAgo = 0): string {
  const now = new Date();
  return new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - daysAgo,
    hour,
    minute,
  ).toISOString();
}
