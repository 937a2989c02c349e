#!/usr/bin/env python3
"""Launch the outage-report collector on a storm-response laptop.

During storms the crew laptops run the outage collector container: it reads
last-gasp messages from the AMI modem on the USB port and forwards outage
reports to the OMS. This launcher talks to the local container engine API
directly so the laptops do not need the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("collector_launch")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("COLLECTOR_IMAGE", "registry.gridcrew.example/oms/outage-collector:4.2")
NAME = "outage-collector"


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw.strip().startswith(b"{") or raw.strip().startswith(b"[") else raw

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def existing(self, name):
        items = self.call("GET", "/containers/json?all=1")
        for item in items:
            if f"/{name}" in item.get("Names", []):
                return item
        return None


def container_spec(args):
    env = [f"OMS_URL={args.oms_url}", f"CREW_ID={args.crew}",
           f"MODEM_PORT={args.modem}"]
    if os.environ.get("OMS_TOKEN"):
        env.append(f"OMS_TOKEN={os.environ['OMS_TOKEN']}")
    return {
        "Image": IMAGE,
        "Env": env,
        "Labels": {"com.gridcrew.role": "storm-collector"},
        "HostConfig": {
            "Privileged": True,
            "NetworkMode": "host",
            "Binds": ["/dev:/dev", f"{os.path.abspath(args.spool)}:/spool"],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="start or replace the outage collector")
    ap.add_argument("--crew", required=True)
    ap.add_argument("--modem", default="/dev/ttyUSB2")
    ap.add_argument("--oms-url", default="https://oms.gridcrew.example/ingest")
    ap.add_argument("--spool", default="spool")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.exists(ENGINE_SOCKET):
        log.error("container engine socket %s not found", ENGINE_SOCKET)
        return 1
    os.makedirs(args.spool, exist_ok=True)
    engine = Engine(ENGINE_SOCKET)

    if not args.no_pull:
        log.info("pulling %s", IMAGE)
        engine.pull(IMAGE)

    old = engine.existing(NAME)
    if old:
        log.info("replacing existing collector %s", old["Id"][:12])
        engine.call("DELETE", f"/containers/{old['Id']}?force=1")

    created = engine.call("POST", f"/containers/create?name={NAME}", container_spec(args))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    for _ in range(10):
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            log.info("collector %s running for crew %s", cid[:12], args.crew)
            return 0
        time.sleep(1)
    log.error("collector did not start: %s", state.get("Error") or state.get("Status"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
