#!/usr/bin/env python3
"""Start (or restart) the customer pickup kiosk container on the front-desk PC.

The kiosk image shows "your repair is ready" screens, scans the barcode on
the customer's collection slip and looks the ticket up in the tracker. It
needs the USB barcode scanner and the customer display, so the container is
given the host's devices.

Talks to the local Docker Engine API directly so the front-desk PC does not
need the docker CLI or the Python SDK installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("kiosk")

API_VERSION = "v1.43"
DEFAULT_SOCKET = "/var/run/docker.sock"


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
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, query=None, ok=(200, 201, 204, 304)):
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        conn = UnixHTTPConnection(self.sock_path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        if not raw:
            return None
        try:
            return json.loads(raw)
        except json.JSONDecodeError:
            return raw.decode(errors="replace")

    def pull(self, image):
        repo, _, tag = image.partition(":")
        self.call("POST", "/images/create", query={"fromImage": repo, "tag": tag or "latest"})

    def remove_if_present(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", query={"force": "true"}, ok=(204,))
            log.info("removed old container %s", name)
        except RuntimeError as exc:
            if " 404 " not in str(exc):
                raise

    def create(self, name, config):
        return self.call("POST", "/containers/create", body=config, query={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def state(self, cid):
        return self.call("GET", f"/containers/{cid}/json")["State"]


def kiosk_config(image, tracker_url, display):
    return {
        "Image": image,
        "Env": [
            f"TRACKER_URL={tracker_url}",
            f"DISPLAY={display}",
            "KIOSK_LANG=en_GB",
        ],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": [
                "/dev:/dev",
                "/tmp/.X11-unix:/tmp/.X11-unix:ro",
                f"{os.getcwd()}/kiosk-data:/data",
            ],
            "RestartPolicy": {"Name": "no"},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "5m", "max-file": "3"}},
        },
        "Labels": {"shop.role": "pickup-kiosk"},
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Launch the pickup kiosk container")
    ap.add_argument("--image", default="registry.workshop.lan/pickup-kiosk:2.4")
    ap.add_argument("--name", default="pickup-kiosk")
    ap.add_argument("--tracker-url", default="http://tickets.workshop.lan:8450")
    ap.add_argument("--display", default=os.environ.get("DISPLAY", ":0"))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", DEFAULT_SOCKET))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    os.makedirs("kiosk-data", exist_ok=True)
    engine = Engine(args.socket)
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable on %s: %s", args.socket, exc)
        return 1

    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove_if_present(args.name)
        cid = engine.create(args.name, kiosk_config(args.image, args.tracker_url, args.display))
        engine.start(cid)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    for _ in range(10):
        st = engine.state(cid)
        if st.get("Running"):
            log.info("kiosk running (%s)", cid[:12])
            return 0
        if st.get("Status") == "exited":
            log.error("kiosk exited with code %s", st.get("ExitCode"))
            return 1
        time.sleep(1)
    log.warning("kiosk did not report running within 10s")
    return 2


if __name__ == "__main__":
    sys.exit(main())
