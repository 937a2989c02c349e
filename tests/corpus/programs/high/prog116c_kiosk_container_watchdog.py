#!/usr/bin/env python3
"""Watchdog for the courier handover kiosk's containers.

The kiosk runs three containers (scanner bridge, handover web UI, depot
uploader).  When the USB scanner is replugged the bridge sometimes wedges and
the healthcheck goes "unhealthy", leaving couriers unable to sign for boxes.
This watchdog polls the Docker Engine API, restarts unhealthy or exited
containers that carry the kiosk label, and keeps a restart history in
./watchdog_state.json so a flapping container is left alone after N tries.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time
from urllib.parse import quote

log = logging.getLogger("kiosk-watchdog")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
LABEL = "org.bloodbank.kiosk=handover"
STATE = "watchdog_state.json"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            conn.request(method, "/v1.43" + path,
                         body=json.dumps(body) if body is not None else None,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data else None
        finally:
            conn.close()

    def kiosk_containers(self):
        filters = quote(json.dumps({"label": [LABEL]}))
        return self.call("GET", f"/containers/json?all=1&filters={filters}")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")

    def restart(self, cid, grace=10):
        self.call("POST", f"/containers/{cid}/restart?t={grace}")


def load_state():
    try:
        with open(STATE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_state(state):
    tmp = STATE + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(state, fh, indent=1)
    os.replace(tmp, STATE)


def needs_restart(info):
    st = info.get("State", {})
    health = (st.get("Health") or {}).get("Status")
    if health == "unhealthy":
        return "unhealthy"
    if st.get("Status") == "exited" and st.get("ExitCode", 0) != 0:
        return f"exited({st.get('ExitCode')})"
    return None


def sweep(engine, state, max_restarts, window):
    now = time.time()
    for c in engine.kiosk_containers():
        name = c["Names"][0].lstrip("/")
        info = engine.inspect(c["Id"])
        reason = needs_restart(info)
        hist = [t for t in state.get(name, []) if now - t < window]
        state[name] = hist
        if not reason:
            continue
        if len(hist) >= max_restarts:
            log.error("%s %s but restarted %d times in %ds; leaving it for IT",
                      name, reason, len(hist), window)
            continue
        log.warning("restarting %s (%s)", name, reason)
        try:
            engine.restart(c["Id"])
            hist.append(now)
        except RuntimeError as exc:
            log.error("restart of %s failed: %s", name, exc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("--max-restarts", type=int, default=3)
    ap.add_argument("--window", type=int, default=3600)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    state = load_state()
    while True:
        try:
            sweep(engine, state, args.max_restarts, args.window)
            save_state(state)
        except (OSError, RuntimeError) as exc:
            log.error("docker engine unreachable: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
