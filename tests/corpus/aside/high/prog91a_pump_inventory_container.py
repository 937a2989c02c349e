#!/usr/bin/env python3
"""Run the infusion-pump fleet discovery collector and gather its inventory.

The vendor ships the discovery collector as a container image.  It listens
for the pumps' UDP/broadcast announcements on the clinical device VLAN and
queries each pump for serial, software version and drug-library revision.
This wrapper talks to the local Docker Engine API, runs one discovery pass and
copies the resulting inventory.json into ./inventory/<date>.json.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import date
from pathlib import Path

LOG = logging.getLogger("pump_inventory")
ENGINE_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
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

    def call(self, method, url, body=None, raw=False):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)


def container_spec(image, vlan_if, outdir):
    return {
        "Image": image,
        "Env": [f"DISCOVERY_IFACE={vlan_if}", "DISCOVERY_SECONDS=180", "OUTPUT=/out/inventory.json"],
        "Labels": {"org.hospital.biomed": "pump-inventory"},
        "HostConfig": {
            "NetworkMode": "host",
            "Privileged": True,
            "Binds": [f"{outdir.resolve()}:/out:rw"],
            "AutoRemove": False,
        },
    }


def run_pass(engine, image, vlan_if, outdir, timeout):
    outdir.mkdir(parents=True, exist_ok=True)
    engine.pull(image)
    cid = engine.call("POST", "/containers/create?name=pump-discovery-"
                      + time.strftime("%H%M%S"), container_spec(image, vlan_if, outdir))["Id"]
    LOG.info("created %s", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start", raw=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = engine.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                LOG.info("collector exited with %s", state["ExitCode"])
                break
            time.sleep(5)
        else:
            engine.call("POST", f"/containers/{cid}/stop?t=10", raw=True)
            LOG.warning("collector timed out, stopped")
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=50", raw=True)
        (outdir / "collector.log").write_bytes(logs)
    finally:
        engine.call("DELETE", f"/containers/{cid}?force=1", raw=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.hospital.internal/biomed/pump-discovery:4.2")
    ap.add_argument("--iface", default="vlan212", help="clinical device VLAN interface")
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    work = Path("inventory/work")
    try:
        run_pass(Engine(), args.image, args.iface, work, args.timeout)
    except (OSError, RuntimeError) as exc:
        LOG.error("discovery failed: %s", exc)
        return 1
    result = work / "inventory.json"
    if not result.exists():
        LOG.error("collector produced no inventory, see %s", work / "collector.log")
        return 1
    pumps = json.loads(result.read_text())
    target = Path("inventory") / f"{date.today()}.json"
    target.write_text(json.dumps(pumps, indent=2))
    LOG.info("%d pumps recorded in %s", len(pumps), target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
