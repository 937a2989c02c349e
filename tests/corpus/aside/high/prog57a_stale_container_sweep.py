#!/usr/bin/env python3
"""Remove exited containers older than N hours, talking to the Docker
Engine API directly (no docker CLI or SDK needed on CI runners).
"""
import argparse
import datetime as dt
import http.client
import json
import logging
import socket
import sys

DOCKER_SOCK = "/var/run/docker.sock"
log = logging.getLogger("container-sweep")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path=DOCKER_SOCK, version="v1.43"):
        self.path, self.version = path, version

    def call(self, method: str, endpoint: str):
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, f"/{self.version}{endpoint}")
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {body[:200]!r}")
        return json.loads(body) if body else None

    def exited(self):
        filters = json.dumps({"status": ["exited", "dead"]})
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid: str):
        return self.call("GET", f"/containers/{cid}/json")

    def remove(self, cid: str):
        self.call("DELETE", f"/containers/{cid}?v=1")


def finished_at(info: dict) -> dt.datetime:
    raw = info["State"]["FinishedAt"].split(".")[0].rstrip("Z")
    return dt.datetime.fromisoformat(raw).replace(tzinfo=dt.timezone.utc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--older-than", type=float, default=24.0, metavar="HOURS")
    ap.add_argument("--keep-label", default="keep",
                    help="containers carrying this label are never removed")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    engine = Engine()
    cutoff = dt.datetime.now(dt.timezone.utc) - dt.timedelta(hours=args.older_than)
    try:
        candidates = engine.exited()
    except (OSError, RuntimeError) as exc:
        log.error("cannot reach docker at %s: %s", DOCKER_SOCK, exc)
        return 1

    removed = skipped = 0
    for c in candidates:
        name = c["Names"][0].lstrip("/") if c.get("Names") else c["Id"][:12]
        if args.keep_label in (c.get("Labels") or {}):
            skipped += 1
            continue
        info = engine.inspect(c["Id"])
        if finished_at(info) > cutoff:
            skipped += 1
            continue
        log.info("%s %s (%s, finished %s)", "would remove" if args.dry_run else "removing",
                 name, c["Image"], info["State"]["FinishedAt"][:19])
        if not args.dry_run:
            try:
                engine.remove(c["Id"])
            except RuntimeError as exc:
                log.warning("%s", exc)
                continue
        removed += 1
    log.info("%d removed, %d kept", removed, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
