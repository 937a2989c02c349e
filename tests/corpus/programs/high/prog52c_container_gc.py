#!/usr/bin/env python3
"""Garbage-collect stale CI containers by talking to the Docker Engine API.

Avoids the docker SDK: http.client is pointed at the engine's unix socket.
"""
import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("ctr-gc")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body else {}
            conn.request(method, API + url,
                         body=json.dumps(body) if body else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self, label):
        flt = json.dumps({"label": [label], "status": ["exited", "dead"]})
        from urllib.parse import quote
        return self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def remove(self, cid):
        return self.call("DELETE", f"/containers/{cid}?v=1&force=0")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--label", default="ci.job")
    ap.add_argument("--older-than-hours", type=float, default=12)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    cutoff = time.time() - args.older_than_hours * 3600
    try:
        stale = [c for c in engine.containers(args.label) if c["Created"] < cutoff]
    except (OSError, RuntimeError) as exc:
        log.error("engine unreachable: %s", exc)
        return 1
    log.info("%d stale containers", len(stale))
    removed = 0
    for c in stale:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        if args.dry_run:
            log.info("would remove %s (%s)", name, c["Image"])
            continue
        try:
            engine.remove(c["Id"])
            removed += 1
            log.info("removed %s", name)
        except RuntimeError as exc:
            log.warning("%s", exc)
    log.info("removed %d/%d", removed, len(stale))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
