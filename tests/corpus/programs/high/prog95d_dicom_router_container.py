#!/usr/bin/env python3
"""Bring up (or refresh) the practice DICOM router container.

OCT and fundus cameras push DICOM to a small Orthanc instance that then
forwards studies to the cloud PACS. This helper talks to the local Docker
Engine API directly (no docker CLI on the imaging PC), pulls the pinned
router image, recreates the container when the config changes and waits
for the REST endpoint to come up.
"""
import argparse
import hashlib
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("dicom_router")

ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, stream=False):
        conn = UnixHTTPConnection(self.sock_path, timeout=600 if stream else 60)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path,
                     body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if resp.status == 404:
            return None
        if stream or not data:
            return data
        return json.loads(data)

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={tag or 'latest'}",
                  stream=True)

    def inspect(self, name):
        return self.call("GET", f"/containers/{name}/json")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", body=spec)

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def container_spec(cfg, config_hash):
    data_dir = str(Path(cfg["data_dir"]).resolve())
    conf_file = str(Path(cfg["orthanc_json"]).resolve())
    return {
        "Image": cfg["image"],
        "Labels": {"practice.router.config": config_hash},
        "ExposedPorts": {"4242/tcp": {}, "8042/tcp": {}},
        "HostConfig": {
            "Binds": [f"{data_dir}:/var/lib/orthanc/db",
                      f"{conf_file}:/etc/orthanc/orthanc.json:ro"],
            "PortBindings": {
                "4242/tcp": [{"HostIp": cfg["lan_ip"], "HostPort": "4242"}],
                "8042/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8042"}],
            },
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": 1024 * 1024 * 1024,
        },
    }


def wait_ready(port=8042, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/system")
            if conn.getresponse().status in (200, 401):
                return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("router.json"))
    ap.add_argument("--name", default="dicom-router")
    ap.add_argument("--force", action="store_true", help="always recreate")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = json.loads(args.config.read_text())
    cfg.setdefault("image", "orthancteam/orthanc:24.6.2")
    cfg.setdefault("data_dir", "orthanc-db")
    cfg.setdefault("orthanc_json", "orthanc.json")
    Path(cfg["data_dir"]).mkdir(exist_ok=True)
    config_hash = hashlib.sha256(
        Path(cfg["orthanc_json"]).read_bytes() + cfg["image"].encode()).hexdigest()[:16]

    engine = Engine(cfg.get("docker_socket", ENGINE_SOCK))
    try:
        current = engine.inspect(args.name)
        if current and not args.force and \
                current["Config"]["Labels"].get("practice.router.config") == config_hash:
            log.info("router container up to date (%s)", config_hash)
            return 0
        log.info("pulling %s", cfg["image"])
        engine.pull(cfg["image"])
        if current:
            log.info("removing old container %s", current["Id"][:12])
            engine.remove(args.name)
        created = engine.create(args.name, container_spec(cfg, config_hash))
        engine.start(created["Id"])
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 2

    if wait_ready():
        log.info("router ready, DICOM on %s:4242", cfg["lan_ip"])
        return 0
    log.error("router did not become ready")
    return 1


if __name__ == "__main__":
    sys.exit(main())
