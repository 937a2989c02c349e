#!/usr/bin/env python3
"""Keep the hire portal containers healthy on the office server.

Talks straight to the Docker engine socket (no docker CLI on that box),
finds containers labelled for the hire portal and restarts any that are
unhealthy or exited.
"""
import argparse
import asyncio
import http.client
import json
import logging
import os
import socket
import urllib.parse
from dataclasses import dataclass

log = logging.getLogger("portal-watch")

SOCK = os.environ.get("DOCKER_SOCK", "/var/run/" + "docker" + ".sock")
LABEL = os.environ.get("PORTAL_LABEL", "com.example.lxhire.app=portal")


class UnixHTTP(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Engine:
    path: str
    api: str = "v1.43"

    def call(self, method, route, query=None):
        url = f"/{self.api}{route}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTP(self.path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
            return resp.status, (json.loads(body) if body else None)
        finally:
            conn.close()


def needs_restart(c):
    state = c.get("State", "")
    status = c.get("Status", "")
    return state == "exited" or "unhealthy" in status


async def check_once(engine: Engine, dry_run: bool):
    filters = json.dumps({"label": [LABEL]})
    status, rows = await asyncio.to_thread(
        engine.call, "GET", "/containers/json", {"all": "1", "filters": filters})
    if status != 200:
        log.error("engine answered %s", status)
        return 0
    restarted = 0
    for c in rows or []:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        if not needs_restart(c):
            log.debug("%s ok (%s)", name, c.get("Status"))
            continue
        log.warning("%s is %s", name, c.get("Status"))
        if dry_run:
            continue
        verb = {"exited": "start"}.get(c.get("State"), "restart")
        code, _ = await asyncio.to_thread(
            engine.call, "POST", f"/containers/{c['Id']}/{verb}", {"t": "15"})
        log.info("%s %s -> %s", verb, name, code)
        restarted += code in (204, 304)
    return restarted


async def loop(engine, interval, once, dry_run):
    while True:
        n = await check_once(engine, dry_run)
        if n:
            log.info("restarted %d container(s)", n)
        if once:
            return
        await asyncio.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=SOCK)
    ap.add_argument("--interval", type=int, default=120)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    asyncio.run(loop(Engine(args.socket), args.interval, args.once, args.dry_run))


if __name__ == "__main__":
    main()
