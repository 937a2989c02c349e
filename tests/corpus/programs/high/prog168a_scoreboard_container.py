#!/usr/bin/env python3
"""Watches the leaderboard display containers on the pier's signage host.

The big scoreboard over the dodgems and the high-score wall by the entrance
run as containers; when one reports unhealthy it is restarted through the
local engine API.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.parse
from dataclasses import dataclass

log = logging.getLogger("scoreboard-watch")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


@dataclass
class EngineClient:
    sock_path: str
    api: str = "v1.43"

    def call(self, method, path, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = f"/{self.api}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn.request(method, url)
        resp = conn.getresponse()
        body = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=5):
        return self.call("POST", f"/containers/{cid}/restart", {"t": str(grace)})


def health_of(details):
    state = details.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


ACTIONS = {
    "unhealthy": "restart",
    "stopped": "restart",
    "healthy": None,
    "starting": None,
    "none": None,
}


def sweep(client, label, dry_run):
    restarted = 0
    for entry in client.containers(label):
        cid = entry["Id"][:12]
        name = entry["Names"][0].lstrip("/")
        status = health_of(client.inspect(cid))
        action = ACTIONS.get(status)
        log.info("%s (%s): %s", name, cid, status)
        if action and not dry_run:
            getattr(client, action)(cid)
            log.warning("%s %sed", name, action)
            restarted += 1
    return restarted


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--socket", default=os.environ.get(
        "ENGINE_SOCKET", "/var/run/docker.sock"))
    parser.add_argument("--label", default="pier.role=scoreboard")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    client = EngineClient(args.socket)
    while True:
        try:
            count = sweep(client, args.label, args.dry_run)
            if count:
                log.info("restarted %d display containers", count)
        except (OSError, RuntimeError) as exc:
            log.error("sweep failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
