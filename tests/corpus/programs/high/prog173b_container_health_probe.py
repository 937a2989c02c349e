#!/usr/bin/env python3
"""Health probe for the shore-side containers (auction feed, VMS ingest,
landing declarations).  Restarts containers that report unhealthy."""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from dataclasses import dataclass

log = logging.getLogger("health-probe")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/".join(["", "var", "run", "docker.sock"]))
API = "/v1.43"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


@dataclass
class Container:
    cid: str
    name: str
    state: str
    health: str


class Engine:
    def __init__(self, path=SOCK_PATH):
        self.path = path

    def call(self, method, route, body=None):
        conn = UnixConnection(self.path)
        encoded = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if encoded else {}
        conn.request(method, API + route, body=encoded, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {route}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, prefix):
        items = self.call("GET", "/containers/json?all=1") or []
        out = []
        for item in items:
            name = item["Names"][0].lstrip("/")
            if not name.startswith(prefix):
                continue
            status = item.get("Status", "")
            health = "unhealthy" if "unhealthy" in status else (
                "healthy" if "healthy" in status else "none")
            out.append(Container(item["Id"][:12], name, item["State"], health))
        return out

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=20")


ACTIONS = {
    ("running", "unhealthy"): "restart",
    ("exited", "none"): "restart",
    ("exited", "unhealthy"): "restart",
}


def probe(engine, prefix, dry):
    restarted = []
    for c in engine.containers(prefix):
        action = ACTIONS.get((c.state, c.health))
        log.info("%-28s %-8s %-9s %s", c.name, c.state, c.health, action or "-")
        if action and not dry:
            getattr(engine, action)(c.cid)
            restarted.append(c.name)
    return restarted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prefix", default="fleet-")
    ap.add_argument("--interval", type=int, default=0)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    while True:
        try:
            done = probe(engine, args.prefix, args.dry_run)
            if done:
                log.warning("restarted: %s", ", ".join(done))
        except (OSError, RuntimeError) as exc:
            log.error("probe failed: %s", exc)
        if not args.interval:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
