#!/usr/bin/env python3
"""Launch the lighting console's offline editor in a container.

The console manufacturer ships the offline editor as a Linux image. It
needs the programmer's show folder, an X display, and the USB licence
dongle / programming wing, so the container gets the host's USB bus.
Talks to the Docker Engine API directly (no docker CLI on the lighting
laptops).

    python console_offline_editor.py --show showfiles/hamlet.esf [--version 3.2.6]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("offline_editor")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "registry.lightingvendor.example.com/offline-editor"
CONTAINER_NAME = "offline-editor"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, "/v1.43" + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else None

    def pull(self, image, tag):
        log.info("pulling %s:%s", image, tag)
        conn = UnixHTTPConnection(self.sock_path, timeout=600)
        conn.request("POST", f"/v1.43/images/create?fromImage={image}&tag={tag}")
        resp = conn.getresponse()
        for line in resp:
            try:
                status = json.loads(line).get("status", "")
            except ValueError:
                continue
            if status.startswith(("Digest", "Status")):
                log.info(status)
        conn.close()

    def remove_existing(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            log.info("removed previous %s container", name)
        except RuntimeError:
            pass


def container_spec(image, show_dir):
    display = os.environ.get("DISPLAY", ":0")
    host_cfg = {
        "Binds": [
            f"{show_dir}:/home/editor/shows:rw",
            "/tmp/.X11-unix:/tmp/.X11-unix:ro",
            "/dev/bus/usb:/dev/bus/usb",
        ],
        "NetworkMode": "host",
        "AutoRemove": True,
    }
    # the wing and licence dongle re-enumerate during firmware checks,
    # so static device mappings go stale; give the editor the whole bus
    host_cfg["Privileged"] = os.environ.get("EDITOR_USB_PASSTHROUGH", "1") == "1"
    return {
        "Image": image,
        "Env": [f"DISPLAY={display}", f"SHOW_USER={os.environ.get('USER', 'editor')}"],
        "HostConfig": host_cfg,
        "Tty": True,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", required=True, help="show file to open")
    ap.add_argument("--version", default="3.2.6")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    show = Path(args.show).resolve()
    if not show.is_file():
        log.error("no such show file: %s", show)
        return 1
    if not os.path.exists(DOCKER_SOCK):
        log.error("docker engine socket not found at %s", DOCKER_SOCK)
        return 1

    eng = Engine()
    if not args.no_pull:
        eng.pull(IMAGE, args.version)
    eng.remove_existing(CONTAINER_NAME)
    spec = container_spec(f"{IMAGE}:{args.version}", str(show.parent))
    spec["Cmd"] = ["--open", f"/home/editor/shows/{show.name}"]
    created = eng.call("POST", f"/containers/create?name={CONTAINER_NAME}", spec)
    eng.call("POST", f"/containers/{created['Id']}/start")
    log.info("offline editor %s started (%s)", args.version, created["Id"][:12])
    time.sleep(2)
    state = eng.call("GET", f"/containers/{created['Id']}/json")
    log.info("container state: %s", state["State"]["Status"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
