#!/usr/bin/env python3
"""Restart stuck inventory-sync containers on the store back-office server.

Talks to the Docker Engine API directly over its UNIX socket (no docker CLI on
the appliance) and restarts any container labelled role=inventory-sync whose
last heartbeat file is older than the allowed lag.
"""
import argparse
import http.client
import json
import logging
import socket
import time
from urllib.parse import quote

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"

log = logging.getLogger("inv-bounce")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, API + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self, label: str):
        flt = quote(json.dumps({"label": [label]}))
        return self.call("GET", f"/containers/json?filters={flt}")

    def heartbeat_age(self, cid: str) -> float:
        info = self.call("GET", f"/containers/{cid}/json")
        hb = info.get("Config", {}).get("Labels", {}).get("last_heartbeat")
        started = info.get("State", {}).get("StartedAt", "")
        ref = float(hb) if hb else time.mktime(time.strptime(started[:19], "%Y-%m-%dT%H:%M:%S"))
        return time.time() - ref

    def restart(self, cid: str, grace: int):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--label", default="role=inventory-sync")
    ap.add_argument("--max-lag", type=int, default=900, help="seconds")
    ap.add_argument("--grace", type=int, default=20)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    try:
        found = engine.containers(args.label)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine unreachable: %s", exc)
        raise SystemExit(2)

    for c in found:
        name = c["Names"][0].lstrip("/")
        try:
            age = engine.heartbeat_age(c["Id"])
        except (ValueError, RuntimeError) as exc:
            log.warning("%s: cannot determine heartbeat (%s)", name, exc)
            continue
        if age <= args.max_lag:
            log.info("%s healthy (lag %.0fs)", name, age)
            continue
        log.warning("%s stale (lag %.0fs) -> restart", name, age)
        if not args.dry_run:
            engine.restart(c["Id"], args.grace)


if __name__ == "__main__":
    main()
