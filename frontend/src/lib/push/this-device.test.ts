import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, currentEndpoint, forgetThisDevice } from '@/lib/push/this-device';
import { aSubscription, installFakePush, PUBLIC_KEY, PUBLIC_KEY_BYTES } from '@/testing/fake-push';

describe('base64UrlToBytes', () => {
  it("reads a server key written with base64url's '-' and '_' and without padding", () => {
    expect(Array.from(base64UrlToBytes(PUBLIC_KEY))).toEqual(PUBLIC_KEY_BYTES);
  });

  it('reads every length of the last group, padded or not', () => {
    expect(Array.from(base64UrlToBytes('AQID'))).toEqual([1, 2, 3]);
    expect(Array.from(base64UrlToBytes('AQI'))).toEqual([1, 2]);
    expect(Array.from(base64UrlToBytes('AQ'))).toEqual([1]);
    expect(Array.from(base64UrlToBytes('AQ=='))).toEqual([1]);
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([251, 255]);
  });
});

describe("this browser's subscription", () => {
  it('has no endpoint and nothing to forget in a browser without push', async () => {
    expect(await currentEndpoint()).toBeNull();
    await expect(forgetThisDevice()).resolves.toBeUndefined();
  });

  it('gives the endpoint of the subscription, and ends it when forgotten', async () => {
    const subscription = aSubscription();
    const push = installFakePush({ permission: 'granted', subscription });

    expect(await currentEndpoint()).toBe(subscription.endpoint);
    await forgetThisDevice();

    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(push.subscription).toBeNull();
    expect(await currentEndpoint()).toBeNull();
  });
});
