#!/usr/bin/env python3
"""On-call helper: find containers whose healthcheck reports "unhealthy" and
restart them, with a per-container cool-down so a crash loop is not hidden.
Talks to the Docker Engine API directly over its unix socket (no docker CLI
on the minimal hosts)."""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("restarter")

ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"
COOLDOWN_FILE = Path("restart_cooldown.json")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, API + path, body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:120]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def unhealthy(self, label=None):
        filters = {"health": ["unhealthy"], "status": ["running"]}
        if label:
            filters["label"] = [label]
        q = "?filters=" + json.dumps(filters).replace(" ", "")
        return self.call("GET", "/containers/json" + q.replace('"', "%22"))

    def restart(self, cid, grace=10):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")


def load_cooldowns():
    try:
        return json.loads(COOLDOWN_FILE.read_text())
    except (OSError, ValueError):
        return {}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", help="only containers with this label, e.g. tier=web")
    ap.add_argument("--cooldown", type=int, default=900, help="seconds between restarts")
    ap.add_argument("--grace", type=int, default=10)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    cooldowns = load_cooldowns()
    now = time.time()
    try:
        sick = engine.unhealthy(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("engine unavailable: %s", exc)
        return 1

    restarted = 0
    for c in sick:
        name = c["Names"][0].lstrip("/")
        last = cooldowns.get(name, 0)
        if now - last < args.cooldown:
            log.warning("%s unhealthy but restarted %ds ago; leaving for a human",
                        name, now - last)
            continue
        log.info("restarting %s (%s)", name, c["Image"])
        if not args.dry_run:
            engine.restart(c["Id"], args.grace)
            cooldowns[name] = now
            restarted += 1
    COOLDOWN_FILE.write_text(json.dumps(cooldowns, indent=1))
    log.info("%d unhealthy, %d restarted", len(sick), restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
