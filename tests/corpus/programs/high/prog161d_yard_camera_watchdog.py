#!/usr/bin/env python3
"""Watchdog for the boatyard camera containers.

The hardstanding and slipway cameras each run an RTSP relay container on the
yard server. This checks their health through the Docker engine API and
restarts relays that have stopped or gone unhealthy.
"""

import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("camera_watchdog")

ENGINE_SOCKET = "/var/run/docker.sock"
LABEL = "marina.role=camera-relay"
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def _call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, f"/{API_VERSION}{url}",
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def relays(self):
        flt = json.dumps({"label": [LABEL]})
        from urllib.parse import quote
        return self._call("GET", f"/containers/json?all=1&filters={quote(flt)}")

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self._call("POST", f"/containers/{cid}/restart?t=10")

    def start(self, cid):
        return self._call("POST", f"/containers/{cid}/start")


def relay_state(info):
    state = info.get("State", {})
    health = (state.get("Health") or {}).get("Status", "none")
    return state.get("Status", "unknown"), health


def sweep(engine, dry_run=False):
    fixed = 0
    for c in engine.relays():
        name = c["Names"][0].lstrip("/")
        status, health = relay_state(engine.inspect(c["Id"]))
        log.debug("%s: %s / %s", name, status, health)
        if status in ("exited", "dead", "created"):
            log.warning("%s is %s, starting", name, status)
            if not dry_run:
                engine.start(c["Id"])
            fixed += 1
        elif health == "unhealthy":
            log.warning("%s unhealthy, restarting", name)
            if not dry_run:
                engine.restart(c["Id"])
            fixed += 1
    return fixed


def main():
    ap = argparse.ArgumentParser(description="Camera relay watchdog")
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    ap.add_argument("--interval", type=int, default=0, help="loop every N seconds")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    while True:
        try:
            n = sweep(engine, args.dry_run)
            log.info("sweep done, %d relays acted on", n)
        except (OSError, RuntimeError) as exc:
            log.error("engine API error: %s", exc)
        if not args.interval:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
