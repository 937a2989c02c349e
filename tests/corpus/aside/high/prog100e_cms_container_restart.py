#!/usr/bin/env python3
"""Roll the CMS publishing containers after a template or config push.

The newsroom CMS runs as a handful of containers on the publishing host,
labelled newsroom.role=publisher / renderer / cache. After the desk pushes
new templates, this script restarts them one role at a time and waits for
each to report healthy before moving on, so the site never goes fully dark.

Talks to the engine's HTTP API directly so it works on the slim publishing
host image that ships without the docker CLI.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("cms-roll")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"
ROLE_ORDER = ("cache", "renderer", "publisher")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, endpoint, query=None, body=None):
        url = f"/{API_VERSION}{endpoint}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self, role):
        filters = json.dumps({"label": [f"newsroom.role={role}"], "status": ["running"]})
        return self.call("GET", "/containers/json", {"filters": filters})

    def restart(self, cid, grace=20):
        self.call("POST", f"/containers/{cid}/restart", {"t": grace})

    def health(self, cid):
        info = self.call("GET", f"/containers/{cid}/json")
        state = info.get("State", {})
        return state.get("Health", {}).get("Status") or state.get("Status")


def wait_healthy(engine, cid, timeout):
    deadline = time.monotonic() + timeout
    status = None
    while time.monotonic() < deadline:
        status = engine.health(cid)
        if status in ("healthy", "running"):
            return True
        time.sleep(2)
    log.error("%s still %s after %ss", cid[:12], status, timeout)
    return False


def roll(engine, roles, grace, timeout, dry_run):
    for role in roles:
        targets = engine.containers(role)
        if not targets:
            log.warning("no running containers for role %s", role)
            continue
        for c in targets:
            name = c["Names"][0].lstrip("/")
            if dry_run:
                log.info("would restart %s (%s)", name, role)
                continue
            log.info("restarting %s (%s)", name, role)
            engine.restart(c["Id"], grace)
            if not wait_healthy(engine, c["Id"], timeout):
                return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--roles", default=",".join(ROLE_ORDER))
    ap.add_argument("--grace", type=int, default=20, help="stop timeout per container")
    ap.add_argument("--health-timeout", type=int, default=120)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        ok = roll(engine, [r.strip() for r in args.roles.split(",") if r.strip()],
                  args.grace, args.health_timeout, args.dry_run)
    except (OSError, RuntimeError) as exc:
        log.error("engine API: %s", exc)
        return 2
    if not ok:
        log.error("roll halted; check the container logs before retrying")
        return 1
    log.info("CMS containers rolled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
