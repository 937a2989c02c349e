#!/usr/bin/env python3
"""Rolling restart of the homework-portal containers on the school server.

After a term rollover the portal workers sometimes keep stale class lists in
memory. This finds every container carrying the label
com.linguahub.service=<service>, restarts them one at a time and waits for
each to report healthy before moving on, so students never lose the portal.

    portal_container_restart.py [--service homework-portal] [--wait 120]
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("portal-restart")

API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix domain socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, host=None):
        host = host or os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        if not host.startswith("unix://"):
            raise ValueError(f"only unix sockets are supported, got {host}")
        self.path = host[len("unix://"):]

    def call(self, method, path, body=None, timeout=60):
        conn = UnixHTTPConnection(self.path, timeout=timeout)
        headers = {"Host": "docker"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, API + path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            msg = raw.decode(errors="replace").strip()
            raise RuntimeError(f"{method} {path}: {resp.status} {msg}")
        return json.loads(raw) if raw else None

    def containers(self, label):
        flt = quote(json.dumps({"label": [label], "status": ["running"]}))
        return self.call("GET", f"/containers/json?filters={flt}")

    def restart(self, cid, grace=20):
        self.call("POST", f"/containers/{cid}/restart?t={grace}", timeout=grace + 60)

    def health(self, cid):
        state = self.call("GET", f"/containers/{cid}/json")["State"]
        if "Health" in state:
            return state["Health"]["Status"]
        return "running" if state.get("Running") else state.get("Status", "unknown")


def wait_healthy(engine, cid, name, deadline):
    status = "starting"
    while time.monotonic() < deadline:
        status = engine.health(cid)
        if status in ("healthy", "running"):
            log.info("%s is %s", name, status)
            return True
        if status in ("unhealthy", "exited", "dead"):
            break
        time.sleep(3)
    log.error("%s did not come back healthy (last status: %s)", name, status)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description="Rolling restart of portal containers")
    ap.add_argument("--service", default="homework-portal")
    ap.add_argument("--wait", type=int, default=120, help="seconds to wait per container")
    ap.add_argument("--grace", type=int, default=20, help="stop timeout passed to the engine")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        engine = Engine()
        found = engine.containers(f"com.linguahub.service={args.service}")
    except (OSError, RuntimeError, ValueError) as exc:
        log.error("cannot talk to the container engine: %s", exc)
        return 2
    if not found:
        log.warning("no running containers for %s", args.service)
        return 0

    failed = 0
    for c in sorted(found, key=lambda c: c["Names"][0]):
        name = c["Names"][0].lstrip("/")
        if args.dry_run:
            log.info("would restart %s (%s)", name, c["Id"][:12])
            continue
        log.info("restarting %s", name)
        try:
            engine.restart(c["Id"], args.grace)
        except RuntimeError as exc:
            log.error("%s", exc)
            failed += 1
            break
        if not wait_healthy(engine, c["Id"], name, time.monotonic() + args.wait):
            failed += 1
            break
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
