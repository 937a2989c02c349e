#!/usr/bin/env python3
"""(Re)create the zigbee2mqtt container next to the mosquitto broker.

Talks to the Docker Engine API directly over its UNIX socket so the hub image
does not need the docker CLI or SDK installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("z2m-launch")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None


def container_spec(image, adapter, data_dir, broker):
    return {
        "Image": image,
        "Env": [f"ZIGBEE2MQTT_CONFIG_MQTT_SERVER={broker}", "TZ=Europe/Berlin"],
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
            "Binds": [f"{data_dir}:/app/data", "/run/udev:/run/udev:ro"],
            "Devices": [{"PathOnHost": adapter, "PathInContainer": "/dev/ttyACM0",
                         "CgroupPermissions": "rwm"}],
        },
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--name", default="zigbee2mqtt")
    ap.add_argument("--image", default="koenkk/zigbee2mqtt:latest")
    ap.add_argument("--adapter", default="/dev/serial/by-id/usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus-if00-port0")
    ap.add_argument("--data", default="/opt/zigbee2mqtt/data")
    ap.add_argument("--broker", default="mqtt://localhost:1883")
    ap.add_argument("--pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        LOG.info("docker %s", engine.call("GET", "/version")["Version"])
        if args.pull:
            repo, _, tag = args.image.partition(":")
            engine.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")
        existing = engine.call("GET", f"/containers/json?all=1&filters=" +
                               json.dumps({"name": [args.name]}).replace(" ", ""))
        for c in existing or []:
            LOG.info("removing old container %s", c["Id"][:12])
            engine.call("DELETE", f"/containers/{c['Id']}?force=1")
        spec = container_spec(args.image, args.adapter, args.data, args.broker)
        created = engine.call("POST", f"/containers/create?name={args.name}", spec)
        engine.call("POST", f"/containers/{created['Id']}/start")
        LOG.info("started %s (%s)", args.name, created["Id"][:12])
    except (OSError, RuntimeError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
