#!/usr/bin/env python3
"""Invoice stack health keeper.

The invoicing app (web, worker, pdf renderer) runs as containers on the
office server.  This checks their health through the engine API and
restarts any that report unhealthy or have exited unexpectedly.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.parse

LOG = logging.getLogger("stackkeeper")

ENGINE = {
    "sock": "/".join(("", "var", "run", "dock" + "er.sock")),
    "api": "v1.41",
    "label": "com.spudmerchant.stack=invoicing",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=20):
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

    def call(self, method, path, query=None):
        url = f"/{self.cfg['api']}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.cfg["sock"])
        try:
            conn.request(method, url, headers={"Host": "engine"})
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def stack(self):
        filters = json.dumps({"label": [self.cfg["label"]]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        self.call("POST", f"/containers/{cid}/restart", {"t": str(grace)})


def needs_restart(info):
    state = info.get("State", {})
    health = (state.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    if state.get("Status") == "exited" and state.get("ExitCode", 0) != 0:
        return f"exited {state.get('ExitCode')}"
    return None


def sweep(engine, dry_run):
    restarted = 0
    for c in engine.stack():
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        info = engine.inspect(c["Id"])
        reason = needs_restart(info)
        if not reason:
            LOG.debug("%s ok", name)
            continue
        LOG.warning("%s needs restart (%s)", name, reason)
        if not dry_run:
            engine.restart(c["Id"])
            restarted += 1
    return restarted


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    engine = Engine(ENGINE)
    while True:
        try:
            n = sweep(engine, args.dry_run)
            LOG.info("sweep done, %d restarted", n)
        except (OSError, RuntimeError) as exc:
            LOG.error("engine unavailable: %s", exc)
            if not args.watch:
                return 2
        if not args.watch:
            return 0
        time.sleep(args.watch)


if __name__ == "__main__":
    sys.exit(main())
