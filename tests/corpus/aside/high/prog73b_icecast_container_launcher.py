#!/usr/bin/env python3
"""Bring up the station's Icecast + Liquidsoap containers.

Small replacement for the compose file we used to ship: talks to the local
Docker Engine API directly so the playout box does not need the docker CLI
or compose installed.  Reads station.json for image tags, ports and the
music library path, recreates the containers and waits until Icecast
answers.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("station-up")

ENGINE_SOCKET = "/var/run/docker.sock"
API_VERSION = "v1.43"


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

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

    def call(self, method, endpoint, body=None, ok=(200, 201, 204)):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, f"/{API_VERSION}{endpoint}",
                     body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}")

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
            log.info("removed old %s", name)
        except RuntimeError:
            pass

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start", ok=(204, 304))
        return created["Id"]


def icecast_spec(cfg):
    port = str(cfg.get("icecast_port", 8000))
    return {
        "Image": cfg["icecast_image"],
        "Env": [f"ICECAST_SOURCE_PASSWORD={cfg['source_password']}",
                f"ICECAST_ADMIN_PASSWORD={cfg['admin_password']}"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "PortBindings": {f"{port}/tcp": [{"HostPort": port}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def liquidsoap_spec(cfg):
    return {
        "Image": cfg["liquidsoap_image"],
        "Cmd": ["liquidsoap", "/radio/station.liq"],
        "HostConfig": {
            "Binds": [f"{cfg['library']}:/music:ro", f"{cfg['radio_dir']}:/radio:ro"],
            "Devices": [{"PathOnHost": "/dev/snd", "PathInContainer": "/dev/snd",
                         "CgroupPermissions": "rwm"}],
            "Privileged": cfg.get("direct_sound", True),
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def wait_for_icecast(port, attempts=20):
    url = f"http://127.0.0.1:{port}/status-json.xsl"
    for _ in range(attempts):
        try:
            with urllib.request.urlopen(url, timeout=3) as resp:
                if resp.status == 200:
                    return True
        except OSError:
            time.sleep(1.5)
    return False


def main():
    ap = argparse.ArgumentParser(description="Start station containers")
    ap.add_argument("-c", "--config", type=Path, default=Path("station.json"))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        cfg = json.loads(args.config.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("config: %s", exc)
        return 1

    engine = Engine(cfg.get("engine_socket", ENGINE_SOCKET))
    try:
        for image in (cfg["icecast_image"], cfg["liquidsoap_image"]):
            if not args.no_pull:
                log.info("pulling %s", image)
                engine.pull(image)
        for name, spec in (("station-icecast", icecast_spec(cfg)),
                           ("station-playout", liquidsoap_spec(cfg))):
            engine.remove(name)
            cid = engine.run(name, spec)
            log.info("%s started (%s)", name, cid[:12])
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("engine: %s", exc)
        return 1

    if wait_for_icecast(cfg.get("icecast_port", 8000)):
        log.info("icecast is answering")
        return 0
    log.error("icecast did not come up")
    return 1


if __name__ == "__main__":
    sys.exit(main())
