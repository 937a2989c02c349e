#!/usr/bin/env python3
"""Launch the Zigbee sensor bridge for a building's leak and door sensors.

Each building gateway runs zigbee2mqtt in a container next to the coordinator
stick. This launcher (re)creates that container with the building's settings
from bridge.ini, so field techs only have to plug the stick in and run it.
Talks to the local Docker engine API directly; the gateways do not have the
docker CLI installed.
"""
import argparse
import configparser
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("bridge-launcher")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: HTTP {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw.strip().startswith((b"{", b"[")) else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag or 'latest')}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={quote(name)}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(cfg, data_dir):
    coordinator = cfg.get("coordinator", "/dev/ttyUSB0")
    return {
        "Image": cfg["image"],
        "Env": [
            f"TZ={cfg.get('timezone', 'UTC')}",
            f"ZIGBEE2MQTT_CONFIG_MQTT_SERVER={cfg['mqtt_server']}",
            f"ZIGBEE2MQTT_CONFIG_MQTT_BASE_TOPIC=buildings/{cfg['building']}/sensors",
            f"ZIGBEE2MQTT_CONFIG_SERIAL_PORT={coordinator}",
        ],
        "Labels": {"com.propops.building": cfg["building"], "com.propops.role": "sensor-bridge"},
        "HostConfig": {
            "Binds": [f"{data_dir}:/app/data", "/run/udev:/run/udev:ro"],
            "Devices": [{"PathOnHost": coordinator, "PathInContainer": coordinator,
                         "CgroupPermissions": "rwm"}],
            # coordinator sticks re-enumerate after a firmware reset
            "Privileged": cfg.getboolean("privileged", True),
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="bridge.ini")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    parser = configparser.ConfigParser()
    if not parser.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    cfg = parser["bridge"]
    cfg.setdefault("image", "koenkk/zigbee2mqtt:1.39.0")
    data_dir = Path(cfg.get("data_dir", "z2m-data")).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    name = f"z2m-{cfg['building'].lower()}"

    engine = Engine(cfg.get("engine_socket", ENGINE_SOCKET))
    try:
        if not args.no_pull:
            log.info("pulling %s", cfg["image"])
            engine.pull(cfg["image"])
        engine.remove(name)
        time.sleep(1)
        cid = engine.create(name, container_spec(cfg, data_dir))
        engine.start(cid)
    except (OSError, RuntimeError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("started %s (%s)", name, cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
