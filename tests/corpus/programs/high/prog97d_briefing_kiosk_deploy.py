#!/usr/bin/env python3
"""Deploy the briefing-room kiosk container.

The briefing-room touchscreen runs the club's kiosk image (booking board,
NOTAM and weather pages) in a container on the mini PC.  This script pulls
the requested tag, replaces the running kiosk container and checks it comes
up healthy.  It talks to the Docker Engine API directly so it works on the
stripped-down kiosk image, which has no docker CLI.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("kiosk-deploy")

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.aeroclub.lan/kiosk/briefing"
NAME = "briefing-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path, timeout=300)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/v1.43{path}", body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status == 404:
            return None
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        if not raw:
            return {}
        try:
            return json.loads(raw)
        except ValueError:
            return {"stream": raw.decode(errors="replace")}

    def pull(self, image, tag):
        self.call("POST", f"/images/create?fromImage={quote(image)}&tag={quote(tag)}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")


def kiosk_spec(image, tag, display, url):
    return {
        "Image": f"{image}:{tag}",
        "Env": [f"DISPLAY={display}", f"KIOSK_URL={url}", "TZ=Europe/London"],
        "Labels": {"club.role": "kiosk"},
        "Healthcheck": {"Test": ["CMD", "curl", "-fs", "http://localhost:3000/health"],
                        "Interval": 15_000_000_000, "Retries": 4},
        "HostConfig": {
            # touchscreen, GPU and the USB card reader for member check-in
            "Privileged": True,
            "Binds": ["/tmp/.X11-unix:/tmp/.X11-unix", "/dev:/dev", "/run/udev:/run/udev:ro"],
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def wait_healthy(engine, cid, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = (engine.inspect(cid) or {}).get("State", {})
        health = state.get("Health", {}).get("Status")
        if health == "healthy":
            return True
        if state.get("Status") in ("exited", "dead"):
            return False
        time.sleep(5)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tag", default="stable")
    ap.add_argument("--display", default=":0")
    ap.add_argument("--url", default="http://localhost:3000/board")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s:%s", IMAGE, args.tag)
            engine.pull(IMAGE, args.tag)
        engine.remove(NAME)
        cid = engine.create(NAME, kiosk_spec(IMAGE, args.tag, args.display, args.url))
        engine.start(cid)
        log.info("started %s (%s)", NAME, cid[:12])
    except (OSError, RuntimeError) as exc:
        log.error("deployment failed: %s", exc)
        return 1
    if not wait_healthy(engine, cid):
        log.error("kiosk container did not become healthy")
        return 2
    log.info("kiosk healthy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
