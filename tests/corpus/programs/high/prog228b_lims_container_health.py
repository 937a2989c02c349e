#!/usr/bin/env python3
"""LIMS container health keeper.

The QA lab runs its LIMS (sample registry, stability-test scheduler, CoA
generator) as containers on the lab server. This tool asks the local
container engine which LIMS containers are unhealthy and restarts them.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.parse

LOG = logging.getLogger("lims-health")

ENGINE = {
    "sock": "/".join(["", "var", "run", "dock" + "er.sock"]),
    "api": "/v1.41",
    "label": "lab.role=lims",
}


class UnixHTTPConnection(http.client.HTTPConnection):
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
        self.cfg = cfg

    def _call(self, method, path, query=None):
        url = self.cfg["api"] + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.cfg["sock"])
        try:
            conn.request(method, url)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status >= 400:
                raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, body[:200]))
            return json.loads(body) if body else None
        finally:
            conn.close()

    def lims_containers(self):
        filters = json.dumps({"label": [self.cfg["label"]]})
        return self._call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self._call("GET", "/containers/%s/json" % cid)

    def restart(self, cid, grace=20):
        return self._call("POST", "/containers/%s/restart" % cid, {"t": str(grace)})


def health_of(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def sweep(engine, dry_run, grace):
    restarted = 0
    for c in engine.lims_containers():
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        status = health_of(engine.inspect(c["Id"]))
        LOG.info("%-28s %s", name, status)
        if status in ("unhealthy", "stopped"):
            if dry_run:
                LOG.info("would restart %s", name)
                continue
            engine.restart(c["Id"], grace)
            LOG.warning("restarted %s", name)
            restarted += 1
    return restarted


def main():
    ap = argparse.ArgumentParser(description="Restart unhealthy LIMS containers")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--grace", type=int, default=20, help="stop timeout in seconds")
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(ENGINE)
    while True:
        try:
            n = sweep(engine, args.dry_run, args.grace)
            LOG.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.error("engine query failed: %s", exc)
            if not args.watch:
                return 1
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    raise SystemExit(main())
