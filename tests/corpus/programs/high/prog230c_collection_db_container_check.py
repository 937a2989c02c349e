#!/usr/bin/env python3
"""Health check for the collection database containers.

Talks to the local container engine to see whether the collection
management stack (database, search index, IIIF image server) is up and
restarts any member that has exited or reports unhealthy.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("container_check")

ENGINE = {
    "sock": "/".join(["", "var", "run", "dock" + "er.sock"]),
    "api": "v1.43",
    "timeout": 15,
}
STACK_PREFIX = "collection-"
MEMBERS = ("db", "search", "iiif")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's local socket."""

    def __init__(self, path, timeout):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.cfg = cfg

    def call(self, method, path, body=None):
        conn = EngineConnection(self.cfg["sock"], self.cfg["timeout"])
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{self.cfg['api']}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json?all=1")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart?t=20")


def classify(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    if state != "running":
        return "down"
    if "unhealthy" in status:
        return "unhealthy"
    return "ok"


def stack_members(containers):
    found = {}
    for c in containers:
        for name in c.get("Names", []):
            short = name.lstrip("/")
            if short.startswith(STACK_PREFIX) and short[len(STACK_PREFIX):] in MEMBERS:
                found[short] = c
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description="Collection stack container health check")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--wait", type=int, default=20, help="seconds to wait after restarts")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE)
    try:
        members = stack_members(engine.containers())
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach container engine: %s", exc)
        return 2

    missing = [m for m in MEMBERS if STACK_PREFIX + m not in members]
    for m in missing:
        LOG.error("%s%s not present on this host", STACK_PREFIX, m)

    restarted = 0
    for name, c in sorted(members.items()):
        verdict = classify(c)
        LOG.info("%-22s %-10s %s", name, verdict, c.get("Status", ""))
        if verdict != "ok" and not args.no_restart:
            try:
                engine.restart(c["Id"])
                restarted += 1
                LOG.warning("restarted %s", name)
            except RuntimeError as exc:
                LOG.error("restart of %s failed: %s", name, exc)

    if restarted:
        time.sleep(args.wait)
        after = stack_members(engine.containers())
        bad = [n for n, c in after.items() if classify(c) != "ok"]
        LOG.info("after restart: %d/%d healthy", len(after) - len(bad), len(after))
        return 1 if bad or missing else 0
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
