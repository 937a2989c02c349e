#!/usr/bin/env python3
"""Watchdog for the cold-room monitoring containers.

Talks to the local Docker engine over its unix socket, finds containers
labelled for the cold room and restarts any that are unhealthy or exited.
"""
import argparse
import http.client
import json
import logging
import socket
import time

log = logging.getLogger("coldroom-watchdog")

ENGINE = {
    "socket": "/var/run/docker.sock",
    "api": "v1.43",
    "label": "seedbank.role=coldroom",
}


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
    def __init__(self, cfg):
        self.cfg = cfg

    def _call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["socket"])
        try:
            conn.request(method, f"/{self.cfg['api']}{path}", body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def coldroom_containers(self):
        filters = json.dumps({"label": [self.cfg["label"]]})
        return self._call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self._call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        self._call("POST", f"/containers/{cid}/restart?t={grace}")


def needs_restart(details):
    state = details.get("State", {})
    if state.get("Status") in ("exited", "dead"):
        return True, state.get("Status")
    health = state.get("Health", {}).get("Status")
    if health == "unhealthy":
        return True, "unhealthy"
    return False, state.get("Status")


def sweep(engine, dry_run):
    restarted = 0
    for summary in engine.coldroom_containers():
        name = summary["Names"][0].lstrip("/")
        details = engine.inspect(summary["Id"])
        restart, reason = needs_restart(details)
        if not restart:
            log.debug("%s ok (%s)", name, reason)
            continue
        if dry_run:
            log.info("would restart %s (%s)", name, reason)
            continue
        log.warning("restarting %s (%s)", name, reason)
        engine.restart(summary["Id"])
        restarted += 1
    return restarted


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--interval", type=int, default=0,
                        help="seconds between sweeps; 0 runs once")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE)
    while True:
        try:
            count = sweep(engine, args.dry_run)
            log.info("sweep done, %d restarted", count)
        except (OSError, RuntimeError) as exc:
            log.error("sweep failed: %s", exc)
        if args.interval <= 0:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
