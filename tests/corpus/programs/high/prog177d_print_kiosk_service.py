#!/usr/bin/env python3
"""Start the reception print kiosk container at wedding venues.

The kiosk prints guest photos on the dye-sub printer, so the container
needs direct access to the USB bus. Talks to the local Docker engine
over its socket so no docker CLI is needed on the kiosk laptop.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("print-kiosk")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = os.environ.get("KIOSK_IMAGE", "registry.example.com/studio/print-kiosk:2.4")
NAME = "venue-print-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str):
        super().__init__("localhost")
        self.path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.path)


def docker(method: str, url: str, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400 and resp.status != 404:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return resp.status, (json.loads(data) if data else None)


def remove_existing() -> None:
    status, _ = docker("DELETE", f"/containers/{NAME}?force=true")
    if status != 404:
        log.info("removed old %s container", NAME)


def start_kiosk(event: str, port: int) -> str:
    config = {
        "Image": IMAGE,
        "Env": [f"EVENT_NAME={event}", "PRINT_SIZE=4x6"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb", f"{os.getcwd()}/kiosk-prints:/prints"],
            "PortBindings": {"8080/tcp": [{"HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }
    _, created = docker("POST", f"/containers/create?name={NAME}", config)
    cid = created["Id"]
    docker("POST", f"/containers/{cid}/start")
    return cid


def main() -> int:
    parser = argparse.ArgumentParser(description="Venue print kiosk")
    parser.add_argument("event", help="event name shown on prints, e.g. 'Ana & Tom'")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--stop", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        remove_existing()
        if args.stop:
            return 0
        os.makedirs("kiosk-prints", exist_ok=True)
        cid = start_kiosk(args.event, args.port)
        log.info("kiosk running as %s on port %d", cid[:12], args.port)
    except (OSError, RuntimeError) as exc:
        log.error("docker error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
