#!/usr/bin/env python3
"""Ops status daemon.

A tiny line-oriented admin console on the loopback interface.  After a
shared-token handshake the operator can ask for a fixed set of read-only
status reports (uptime, disk, memory, listening sockets).  Only the
commands in REPORTS can run; arguments from the client are never passed
to a command.
"""
import argparse
import asyncio
import hmac
import logging
import os
import subprocess

log = logging.getLogger("opsstatus")

REPORTS = {
    "uptime": ["uptime"],
    "disk": ["df", "-h", "-x", "tmpfs"],
    "mem": ["free", "-m"],
    "sockets": ["ss", "-tln"],
    "who": ["who"],
}
BANNER = b"ops-status 1.2 -- AUTH <token> first, then HELP\r\n"


def run_report(name, timeout=10):
    argv = REPORTS[name]
    try:
        done = subprocess.run(argv, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except FileNotFoundError:
        return f"{argv[0]}: not installed\n"
    except subprocess.TimeoutExpired:
        return f"{name}: timed out\n"
    return done.stdout or done.stderr


class Session:
    def __init__(self, reader, writer, token):
        self.reader = reader
        self.writer = writer
        self.token = token
        self.authed = False
        self.peer = writer.get_extra_info("peername")

    async def say(self, text):
        self.writer.write(text.replace("\n", "\r\n").encode())
        await self.writer.drain()

    async def handle(self, line):
        verb, _, rest = line.partition(" ")
        verb = verb.upper()
        if verb == "QUIT":
            await self.say("bye\n")
            return False
        if verb == "AUTH":
            self.authed = hmac.compare_digest(rest.strip().encode(), self.token.encode())
            await self.say("ok\n" if self.authed else "denied\n")
            log.info("%s auth %s", self.peer, "ok" if self.authed else "failed")
            return self.authed
        if not self.authed:
            await self.say("auth required\n")
            return True
        if verb == "HELP":
            await self.say("reports: " + ", ".join(sorted(REPORTS)) + "\n")
        elif verb == "SHOW" and rest.strip() in REPORTS:
            name = rest.strip()
            output = await asyncio.to_thread(run_report, name)
            log.info("%s SHOW %s", self.peer, name)
            await self.say(output + ".\n")
        else:
            await self.say("unknown; try HELP\n")
        return True

    async def loop(self):
        self.writer.write(BANNER)
        keep = True
        while keep:
            try:
                raw = await asyncio.wait_for(self.reader.readline(), timeout=300)
            except asyncio.TimeoutError:
                await self.say("idle timeout\n")
                break
            if not raw:
                break
            keep = await self.handle(raw.decode("utf-8", "replace").strip())
        self.writer.close()


async def main_async(host, port, token):
    async def on_client(reader, writer):
        try:
            await Session(reader, writer, token).loop()
        except ConnectionError as exc:
            log.debug("client error: %s", exc)

    server = await asyncio.start_server(on_client, host, port)
    log.info("ops-status on %s:%d", host, port)
    async with server:
        await server.serve_forever()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=7071)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    token = os.environ.get("OPS_STATUS_TOKEN")
    if not token:
        raise SystemExit("set OPS_STATUS_TOKEN")
    try:
        asyncio.run(main_async(args.host, args.port, token))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
