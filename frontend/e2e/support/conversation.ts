import { expect, type APIResponse, type Page } from '@playwright/test';
import { baseURL } from './endpoints';
import type { components } from '../../src/lib/api/openapi';

type StartConversation = components['schemas']['StartConversation'];
type ConversationStarted = components['schemas']['ConversationStarted'];

/**
 * The signed-in person of `from` starts (or reopens) a conversation with another account, about
 * a pet when `petId` is given; the conversation's id. The pages that start one are tested in
 * messages.spec.ts; this is the short way to a conversation for tests about what comes after.
 */
export async function startConversation(from: Page, body: StartConversation): Promise<number> {
  const started = await from.request.post('/api/conversations', {
    data: body,
    headers: { Origin: baseURL },
  });
  expect(started.status(), 'conversation start').toBe(200);
  const { conversationId } = (await started.json()) as ConversationStarted;
  return conversationId;
}

/** The signed-in person of `from` writes `content` in a conversation; the server's answer. */
export function sendMessage(
  from: Page,
  conversationId: number,
  content: string,
): Promise<APIResponse> {
  return from.request.post(`/api/conversations/${String(conversationId)}/messages`, {
    data: { content },
    headers: { Origin: baseURL },
  });
}

/** Starts a conversation as `startConversation` does and writes its first message; its id. */
export async function conversationWith(
  from: Page,
  body: StartConversation,
  content: string,
): Promise<number> {
  const conversationId = await startConversation(from, body);
  expect((await sendMessage(from, conversationId, content)).status(), 'first message').toBe(201);
  return conversationId;
}
