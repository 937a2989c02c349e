#!/usr/bin/env python3
"""Start one export-meter reader container per site on the co-op's edge host.

The edge host at the substation terminates serial links from several sites'
grid export meters. This launcher reads sites.yaml, and for each enabled site
makes sure a reader container is running with the site's serial device and
config mounted. It talks to the Docker Engine API directly so it can run on
hosts where only the engine (no CLI, no SDK) is installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

import yaml

log = logging.getLogger("meter-fleet")

DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"
IMAGE = "registry.energycoop.example/meter-reader:2.7"
LABEL = "coop.meter-fleet"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, API + path, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def containers(self):
        flt = json.dumps({"label": [LABEL]})
        return self.call("GET", f"/containers/json?all=1&filters={flt}")

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def reader_spec(site, cfg_dir):
    return {
        "Image": site.get("image", IMAGE),
        "Env": [f"SITE_ID={site['id']}", f"METER_DEVICE={site['device']}",
                f"BAUDRATE={site.get('baud', 115200)}"],
        "Labels": {LABEL: "1", "coop.site": site["id"]},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": [f"{cfg_dir / site['id']}:/config:ro", "/dev:/dev"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "10m", "max-file": "3"}},
        },
    }


def reconcile(engine, sites, cfg_dir, recreate=False):
    running = {c["Labels"].get("coop.site"): c for c in engine.containers()}
    for site in sites:
        if not site.get("enabled", True):
            continue
        name = f"meter-{site['id']}"
        current = running.pop(site["id"], None)
        if current and current["State"] == "running" and not recreate:
            log.info("%s already running", name)
            continue
        if current:
            engine.remove(current["Id"])
        cid = engine.create(name, reader_spec(site, cfg_dir))
        engine.start(cid)
        log.info("started %s (%s)", name, cid[:12])
    for site_id, stale in running.items():
        log.info("removing reader for retired site %s", site_id)
        engine.remove(stale["Id"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--sites", default="sites.yaml")
    ap.add_argument("--config-dir", default="site-config")
    ap.add_argument("--recreate", action="store_true")
    ap.add_argument("--pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        sites = yaml.safe_load(Path(args.sites).read_text())["sites"]
    except (OSError, KeyError, yaml.YAMLError) as exc:
        log.error("cannot read %s: %s", args.sites, exc)
        return 1
    engine = Engine()
    cfg_dir = Path(args.config_dir).resolve()
    for attempt in range(3):
        try:
            if args.pull:
                for image in {s.get("image", IMAGE) for s in sites}:
                    engine.pull(image)
            reconcile(engine, sites, cfg_dir, args.recreate)
            return 0
        except (OSError, RuntimeError) as exc:
            log.warning("engine call failed (%s), retrying", exc)
            time.sleep(2 ** attempt)
    log.error("giving up")
    return 1


if __name__ == "__main__":
    sys.exit(main())
