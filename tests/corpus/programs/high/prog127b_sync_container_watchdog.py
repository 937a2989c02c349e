#!/usr/bin/env python3
"""Watchdog for the booking-sync and barrier-bridge containers on the site box.

Polls the Docker Engine API directly (no docker CLI on the appliance image),
restarts containers whose health check has failed, and recreates the barrier
bridge if it has been removed, with the serial adapter passed through.
"""
import argparse
import http.client
import json
import logging
import socket
import time
import urllib.parse

log = logging.getLogger("watchdog")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"

BRIDGE_SPEC = {
    "Image": "registry.parkgroup-it.example/barrier-bridge:3.2",
    "Env": ["BARRIER_DEV=/dev/gate-barrier", "LOG_LEVEL=info"],
    "HostConfig": {
        "Privileged": True,
        "NetworkMode": "host",
        "RestartPolicy": {"Name": "unless-stopped"},
        "Binds": ["/dev:/dev", "/srv/barrier:/data"],
    },
    "Labels": {"site.role": "barrier-bridge"},
}


class UnixHTTPConnection(http.client.HTTPConnection):
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

    def call(self, method, path, body=None, query=None):
        url = API + path + ("?" + urllib.parse.urlencode(query) if query else "")
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, url, payload, headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            return json.loads(raw) if raw else None
        finally:
            conn.close()

    def containers(self):
        return self.call("GET", "/containers/json", query={"all": "1"})

    def restart(self, cid):
        self.call("POST", f"/containers/{cid}/restart", query={"t": "10"})

    def create_and_start(self, name, spec):
        created = self.call("POST", "/containers/create", spec, {"name": name})
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def health_of(c):
    status = c.get("Status", "")
    if "(unhealthy)" in status:
        return "unhealthy"
    if c.get("State") in ("exited", "dead"):
        return "down"
    return "ok"


def check_once(engine, watched, strikes, max_strikes):
    seen = set()
    for c in engine.containers():
        name = c["Names"][0].lstrip("/")
        if name not in watched:
            continue
        seen.add(name)
        state = health_of(c)
        if state == "ok":
            strikes[name] = 0
            continue
        strikes[name] = strikes.get(name, 0) + 1
        log.warning("%s is %s (%d/%d)", name, state, strikes[name], max_strikes)
        if strikes[name] >= max_strikes:
            engine.restart(c["Id"])
            log.info("restarted %s", name)
            strikes[name] = 0
    if "barrier-bridge" in watched and "barrier-bridge" not in seen:
        cid = engine.create_and_start("barrier-bridge", BRIDGE_SPEC)
        log.info("recreated barrier-bridge as %s", cid[:12])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--watch", nargs="+", default=["pitch-sync", "barrier-bridge"])
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--strikes", type=int, default=3)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(args.socket)
    strikes = {}
    while True:
        try:
            check_once(engine, set(args.watch), strikes, args.strikes)
        except (OSError, RuntimeError) as exc:
            log.error("docker api: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
