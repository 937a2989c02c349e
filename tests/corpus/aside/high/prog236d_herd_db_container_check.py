#!/usr/bin/env python3
"""Watchdog for the herd-management database container.

The herd software runs its PostgreSQL in a Docker container on the office
server. After power cuts (common during milking when the vacuum pumps start)
the container sometimes stays "exited". This checks it through the Docker
Engine API and restarts it when needed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("herd.dbwatch")

ENGINE = {
    "sock": ("", "var", "run", "docker.sock"),
    "api": "v1.41",
}

WATCHED = {
    "herd-db": {"restart_timeout": 30, "max_restarts": 3},
    "herd-web": {"restart_timeout": 15, "max_restarts": 2},
}


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over an AF_UNIX socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, cfg):
        self.path = "/".join(cfg["sock"])
        self.prefix = "/" + cfg["api"]

    def call(self, method, route, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.prefix + route, body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            data = json.loads(raw) if raw and resp.status < 300 else None
            return resp.status, data
        finally:
            conn.close()

    def state(self, name):
        status, data = self.call("GET", "/containers/%s/json" % name)
        if status == 404:
            return None
        return (data or {}).get("State", {})

    def restart(self, name, timeout):
        status, _ = self.call("POST", "/containers/%s/restart?t=%d" % (name, timeout))
        return status == 204


def check_one(engine, name, policy, dry_run):
    st = engine.state(name)
    if st is None:
        LOG.error("%s: container not found", name)
        return False
    running = st.get("Running", False)
    health = (st.get("Health") or {}).get("Status", "n/a")
    LOG.info("%s: running=%s health=%s", name, running, health)
    if running and health in ("healthy", "n/a", "starting"):
        return True
    for attempt in range(1, policy["max_restarts"] + 1):
        LOG.warning("%s: restarting (attempt %d)", name, attempt)
        if dry_run:
            return False
        if engine.restart(name, policy["restart_timeout"]):
            time.sleep(5)
            st = engine.state(name) or {}
            if st.get("Running"):
                LOG.info("%s: back up", name)
                return True
    LOG.error("%s: still down after restarts", name)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--only", choices=sorted(WATCHED), help="check one container")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE)
    names = [args.only] if args.only else list(WATCHED)
    ok = True
    try:
        for name in names:
            ok = check_one(engine, name, WATCHED[name], args.dry_run) and ok
    except (OSError, http.client.HTTPException) as exc:
        LOG.error("docker engine unreachable: %s", exc)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
