#!/usr/bin/env python3
"""Start the containerised SDR AIS decoder on the station PC.

The rtl-ais decoder image is loaded onto the PC by the integrator. This
launcher talks to the local container engine directly (the docker CLI is
not installed on the hardened image), (re)creates the decoder container
with access to the USB dongle and reports its state.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("sdrlaunch")

ENGINE_SOCKET = "/var/run/" + "docker" + ".sock"
CONTAINER_NAME = "rtl-ais"
IMAGE = "station/rtl-ais:1.4"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)


def container_spec(ppm, udp_target):
    return {
        "Image": IMAGE,
        "Cmd": ["rtl_ais", "-p", str(ppm), "-h", udp_target[0], "-P", str(udp_target[1])],
        "HostConfig": {
            # the dongle re-enumerates after a USB reset, so give the decoder
            # the whole device tree instead of a single node
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev/bus/usb:/dev/bus/usb"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def recreate(engine, spec):
    status, _ = engine.call("GET", f"/containers/{CONTAINER_NAME}/json")
    if status != 404:
        log.info("removing old %s container", CONTAINER_NAME)
        engine.call("DELETE", f"/containers/{CONTAINER_NAME}?force=true")
    status, created = engine.call("POST", f"/containers/create?name={CONTAINER_NAME}", spec)
    if status == 404:
        raise RuntimeError(f"image {IMAGE} not loaded on this PC")
    engine.call("POST", f"/containers/{created['Id']}/start")
    return created["Id"]


def wait_running(engine, cid, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        _, info = engine.call("GET", f"/containers/{cid}/json")
        state = info["State"]
        if state.get("Running"):
            return True
        if state.get("ExitCode"):
            log.error("decoder exited with %s", state["ExitCode"])
            return False
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ppm", type=int, default=0, help="dongle frequency correction")
    ap.add_argument("--udp-host", default="127.0.0.1")
    ap.add_argument("--udp-port", type=int, default=10110)
    ap.add_argument("--socket", default=ENGINE_SOCKET)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        cid = recreate(engine, container_spec(args.ppm, (args.udp_host, args.udp_port)))
    except (OSError, RuntimeError) as exc:
        log.error("could not start decoder: %s", exc)
        return 1
    if wait_running(engine, cid):
        log.info("decoder %s running, NMEA on udp://%s:%d", cid[:12], args.udp_host, args.udp_port)
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
