#!/usr/bin/env python3
"""Live delivery of messages, measured on a running server (called by scripts/bench).

Signs in BENCH_PEOPLE (200) seeded people (lid{n}@oppasmaatje.test, codes read from the console
mailer's outbox), starts one conversation per pair (100 pairs), opens one event stream per
person, then sends 1,000 messages (10 per pair, 16 in flight) and measures for each the time
from just before its POST to its arrival on the other person's stream: p50, p99 and the
slowest, beside the p50 and p99 of GET /healthz under the same load shape. Then it closes those streams, opens 1,000 idle ones (5 per person) and reports the
server's resident memory. Prints figures; asserts nothing but that every message arrived.

Environment: BENCH_BASE (http://127.0.0.1:PORT), BENCH_OUTBOX (the outbox directory),
BENCH_PID (the server's process id). BENCH_STREAM_BASES (optional, comma-separated): the event
streams go there instead, person n's to the (n mod count)-th, so that with two instances the two
people of every pair listen on different instances and each message crosses from one to the
other. Standard library only.
"""

import asyncio
import glob
import json
import os
import re
import statistics
import sys
import time
from urllib.parse import urlparse

BASE = urlparse(os.environ["BENCH_BASE"])
HOST, PORT = BASE.hostname, BASE.port
OUTBOX = os.environ["BENCH_OUTBOX"]
PID = os.environ["BENCH_PID"]
PEOPLE = int(os.environ.get("BENCH_PEOPLE", "200"))
MESSAGES = int(os.environ.get("BENCH_MESSAGES", "1000"))
IDLE_STREAMS = int(os.environ.get("BENCH_IDLE_STREAMS", "1000"))
STREAM_BASES = [urlparse(b) for b in os.environ.get("BENCH_STREAM_BASES", "").split(",") if b] or [BASE]
IN_FLIGHT = 16
ORIGIN = "http://localhost:8080"


def resident_mb():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def request(method, path, body=None, cookie=None, client=None):
    """One HTTP/1.1 request on its own connection: (status, headers, body text)."""
    reader, writer = await asyncio.open_connection(HOST, PORT)
    payload = b"" if body is None else json.dumps(body).encode()
    head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{PORT}", "Connection: close", f"Origin: {ORIGIN}"]
    if body is not None:
        head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    if cookie:
        head.append(f"Cookie: {cookie}")
    if client:
        head.append(f"X-Forwarded-For: {client}")
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    header_part, _, rest = raw.partition(b"\r\n\r\n")
    lines = header_part.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    if "chunked" in ",".join(headers.get("transfer-encoding", [])):
        text, data = b"", rest
        while data:
            size_line, _, data = data.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            text, data = text + data[:size], data[size + 2 :]
        rest = text
    return status, headers, rest.decode()


def code_for(address, seen):
    """The newest code mailed to `address` among outbox files not read yet."""
    for path in sorted(glob.glob(os.path.join(OUTBOX, "*.eml"))):
        if path in seen:
            continue
        with open(path, encoding="utf-8", errors="replace") as mail:
            text = mail.read()
        if re.search(rf"^To: {re.escape(address)}\s*$", text, re.M):
            seen.add(path)
            found = re.search(r"^Subject: (\d{6}) ", text, re.M)
            if found:
                return found.group(1)
    return None


async def sign_in(n, seen, gate):
    address = f"lid{n}@oppasmaatje.test"
    client = f"10.5.{n // 250}.{n % 250 + 1}"
    async with gate:
        status, asked, body = await request("POST", "/api/auth/email-login", {"email": address}, client=client)
        if status != 200:
            sys.exit(f"email-login for {address}: {status} {body}")
        # The code belongs to the sign-in attempt of the client that asked (its cookie).
        attempt = next((c.split(";")[0] for c in asked.get("set-cookie", []) if "oppas_signin=" in c), None)
        code = None
        for _ in range(200):
            code = code_for(address, seen)
            if code:
                break
            await asyncio.sleep(0.05)
        if not code:
            sys.exit(f"no code mailed to {address}")
        status, headers, body = await request(
            "POST", "/api/auth/email-login-verify", {"email": address, "code": code}, attempt, client
        )
        if status != 200:
            sys.exit(f"email-login-verify for {address}: {status} {body}")
    cookie = next(c.split(";")[0] for c in headers.get("set-cookie", []) if "oppas_session=" in c)
    status, _, body = await request("GET", "/api/users/me", cookie=cookie)
    return cookie, json.loads(body)["id"]


class Stream:
    """An open event stream that notes when each message event arrives."""

    def __init__(self, cookie, me, arrivals, base=BASE):
        self.cookie, self.me, self.arrivals = cookie, me, arrivals
        self.host, self.port = base.hostname, base.port
        self.writer = None
        self.opened = asyncio.Event()

    async def run(self):
        reader, self.writer = await asyncio.open_connection(self.host, self.port)
        self.writer.write(
            (
                f"GET /api/events HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nCookie: {self.cookie}\r\n"
                "Accept: text/event-stream\r\n\r\n"
            ).encode()
        )
        await self.writer.drain()
        while True:
            line = await reader.readline()
            if not line:
                return
            if b"verbonden" in line:
                self.opened.set()
            # Chunked framing puts sizes on lines of their own; event lines start with "data: ".
            if line.startswith(b"data: "):
                event = json.loads(line[6:])
                if event.get("type") == "message" and event["senderId"] != self.me:
                    self.arrivals.setdefault(event["messageId"], time.perf_counter())

    def close(self):
        if self.writer:
            self.writer.close()


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main():
    seen, gate = set(), asyncio.Semaphore(8)
    began = time.perf_counter()
    people = await asyncio.gather(*(sign_in(n, seen, gate) for n in range(PEOPLE)))
    print(f"{PEOPLE} people signed in in {time.perf_counter() - began:.1f} s")

    pairs = []
    for i in range(0, PEOPLE - 1, 2):
        (cookie_a, id_a), (cookie_b, id_b) = people[i], people[i + 1]
        status, _, body = await request("POST", "/api/conversations", {"targetUserId": id_b, "petId": None}, cookie_a)
        if status != 200:
            sys.exit(f"starting a conversation: {status} {body}")
        pairs.append((json.loads(body)["conversationId"], people[i], people[i + 1]))

    arrivals = {}
    streams = [
        Stream(cookie, me, arrivals, STREAM_BASES[n % len(STREAM_BASES)]) for n, (cookie, me) in enumerate(people)
    ]
    tasks = [asyncio.create_task(s.run()) for s in streams]
    await asyncio.wait_for(asyncio.gather(*(s.opened.wait() for s in streams)), 30)
    print(f"{len(streams)} event streams open; resident memory {resident_mb():.1f} MB")

    # The same server and load shape on GET /healthz, as the yardstick of this run.
    flight = asyncio.Semaphore(IN_FLIGHT)
    probes = []

    async def probe():
        async with flight:
            started = time.perf_counter()
            status, _, _ = await request("GET", "/healthz")
            if status != 200:
                sys.exit(f"/healthz: {status}")
            probes.append((time.perf_counter() - started) * 1000)

    await asyncio.gather(*(probe() for _ in range(MESSAGES)))
    print(
        f"GET /healthz, {MESSAGES} requests {IN_FLIGHT} in flight: p50 {statistics.median(probes):.1f} ms, "
        f"p99 {percentile(probes, 99):.1f} ms"
    )

    sent = {}

    async def send(k):
        conversation, a, b = pairs[k % len(pairs)]
        cookie = (a if (k // len(pairs)) % 2 == 0 else b)[0]
        async with flight:
            started = time.perf_counter()
            status, _, body = await request(
                "POST", f"/api/conversations/{conversation}/messages", {"content": f"Bericht {k}"}, cookie
            )
            if status != 201:
                sys.exit(f"sending: {status} {body}")
            sent[json.loads(body)["messageId"]] = started

    began = time.perf_counter()
    await asyncio.gather(*(send(k) for k in range(MESSAGES)))
    took = time.perf_counter() - began
    for _ in range(50):
        if all(m in arrivals for m in sent):
            break
        await asyncio.sleep(0.1)
    missing = [m for m in sent if m not in arrivals]
    latencies = [(arrivals[m] - t) * 1000 for m, t in sent.items() if m in arrivals]
    print(
        f"{MESSAGES} messages between {len(pairs)} pairs, {len(streams)} open streams, {IN_FLIGHT} in flight, "
        f"sent in {took:.1f} s ({MESSAGES / took:.0f}/s)"
    )
    print(
        f"sent -> arrived: p50 {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 99):.1f} ms, "
        f"slowest {max(latencies):.1f} ms; not arrived: {len(missing)}"
    )
    for s in streams:
        s.close()
    for t in tasks:
        t.cancel()
    await asyncio.sleep(2)
    if IDLE_STREAMS == 0:
        if missing:
            sys.exit(f"{len(missing)} messages never arrived")
        return

    before = resident_mb()
    idle = [Stream(people[k % len(people)][0], people[k % len(people)][1], {}) for k in range(IDLE_STREAMS)]
    idle_tasks = [asyncio.create_task(s.run()) for s in idle]
    await asyncio.wait_for(asyncio.gather(*(s.opened.wait() for s in idle)), 60)
    await asyncio.sleep(3)
    print(f"{IDLE_STREAMS} open idle streams: resident memory {resident_mb():.1f} MB (before opening them {before:.1f} MB)")
    for s in idle:
        s.close()
    for t in idle_tasks:
        t.cancel()
    if missing:
        sys.exit(f"{len(missing)} messages never arrived")


asyncio.run(main())
