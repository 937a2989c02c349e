#!/usr/bin/env python3
"""Start the LED results board container at the finish area.

The results board software runs in a container on the finish laptop and
drives the LED panel over USB-serial.  This talks straight to the Docker
Engine API on the local socket (no docker CLI on the kiosk image), replaces
any previous board container and waits for it to report healthy.

    results_board_container_launcher.py --event "Riverside Sprint Tri" [--image ...]
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("boardlauncher")

DOCKER_SOCK = "/var/run/docker.sock"
CONTAINER_NAME = "results-board"
DEFAULT_IMAGE = "clubtools/results-board:1.4"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.sock_path)


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, "/v1.43" + path,
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        data = json.loads(raw) if raw and raw[:1] in b"{[" else raw.decode(errors="replace")
        return resp.status, data

    def image_present(self, image):
        status, _ = self.call("GET", f"/images/{quote(image, '')}/json")
        return status == 200

    def remove(self, name):
        status, _ = self.call("DELETE", f"/containers/{name}?force=true")
        return status in (204, 404)

    def create(self, name, spec):
        status, data = self.call("POST", f"/containers/create?name={name}", spec)
        if status != 201:
            raise RuntimeError(f"create failed ({status}): {data}")
        return data["Id"]

    def start(self, cid):
        status, data = self.call("POST", f"/containers/{cid}/start")
        if status not in (204, 304):
            raise RuntimeError(f"start failed ({status}): {data}")

    def health(self, cid):
        _, data = self.call("GET", f"/containers/{cid}/json")
        state = data.get("State", {}) if isinstance(data, dict) else {}
        return state.get("Health", {}).get("Status") or state.get("Status")


def board_spec(args):
    env = [f"EVENT_NAME={args.event}", f"RESULTS_URL={args.results_url}",
           f"BRIGHTNESS={args.brightness}", "TZ=Europe/London"]
    return {
        "Image": args.image,
        "Env": env,
        "Healthcheck": {"Test": ["CMD", "board", "ping"], "Interval": 5_000_000_000},
        "HostConfig": {
            # the panel controller re-enumerates on every power cycle, so give
            # the container the whole device tree rather than one tty node
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": ["/dev:/dev", f"{args.data_dir}:/data"],
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Launch the LED results board container")
    ap.add_argument("--event", required=True)
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--results-url", default="http://127.0.0.1:8088/live.json")
    ap.add_argument("--brightness", type=int, default=70)
    ap.add_argument("--data-dir", default="/srv/results-board")
    ap.add_argument("--wait", type=int, default=60, help="seconds to wait for healthy")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    try:
        if not engine.image_present(args.image):
            log.error("image %s not on this laptop; build it with `make board-image`", args.image)
            return 2
        engine.remove(CONTAINER_NAME)
        cid = engine.create(CONTAINER_NAME, board_spec(args))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine: %s", exc)
        return 1

    deadline = time.monotonic() + args.wait
    status = None
    while time.monotonic() < deadline:
        status = engine.health(cid)
        if status in ("healthy", "running"):
            log.info("board container %s is %s", cid[:12], status)
            return 0
        if status in ("unhealthy", "exited", "dead"):
            break
        time.sleep(2)
    log.error("board container did not become healthy (last status: %s)", status)
    return 1


if __name__ == "__main__":
    sys.exit(main())
