#!/usr/bin/env python3
"""Start one appointment-reminder worker container per clinic location.

Each location (CBD, Northside, Harbour) has its own booking database and SMS
sender id. Rather than pull in the whole docker SDK for four API calls, this
talks to the local Docker Engine API directly and (re)creates a worker
container per location from locations.json:

    [
      {"name": "cbd", "db_volume": "clinic_cbd_data", "sender": "PHYSIO-CBD"},
      {"name": "northside", "db_volume": "clinic_ns_data", "sender": "PHYSIO-NS"}
    ]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("worker-launcher")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API_VERSION = "v1.43"
IMAGE = os.environ.get("REMINDER_IMAGE", "registry.clinic.internal/reminder-worker:2.3")


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path=ENGINE_SOCKET):
        self.socket_path = socket_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = EngineConnection(self.socket_path)
        try:
            payload = json.dumps(body) if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, f"/{API_VERSION}{path}", body=payload, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
        return json.loads(raw) if raw and raw[:1] in (b"{", b"[") else None

    def find(self, name):
        flt = json.dumps({"name": [f"^/{name}$"]})
        found = self.call("GET", f"/containers/json?all=1&filters={quote(flt)}")
        return found[0] if found else None

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", ok=(204, 404))

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def worker_spec(loc, image):
    env = [
        f"CLINIC_LOCATION={loc['name']}",
        f"SMS_SENDER_ID={loc['sender']}",
        f"SMS_API_KEY={os.environ.get('SMS_API_KEY', '')}",
        "REMINDER_HOUR=17",
    ]
    return {
        "Image": image,
        "Env": env,
        "Labels": {"clinic.role": "reminder-worker", "clinic.location": loc["name"]},
        "HostConfig": {
            "Binds": [f"{loc['db_volume']}:/data:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": 256 * 1024 * 1024,
        },
    }


def launch(engine, loc, image, replace):
    name = f"reminder-{loc['name']}"
    existing = engine.find(name)
    if existing and not replace:
        log.info("%s already present (%s)", name, existing.get("State"))
        return existing["Id"]
    if existing:
        log.info("replacing %s", name)
        engine.remove(existing["Id"])
    cid = engine.create(name, worker_spec(loc, image))
    engine.start(cid)
    log.info("started %s as %s", name, cid[:12])
    return cid


def main(argv=None):
    ap = argparse.ArgumentParser(description="launch reminder worker containers")
    ap.add_argument("-l", "--locations", default="locations.json")
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    ap.add_argument("--replace", action="store_true", help="recreate existing workers")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    with open(args.locations, encoding="utf-8") as fh:
        locations = json.load(fh)

    engine = Engine()
    for attempt in range(5):
        try:
            engine.call("GET", "/_ping")
            break
        except (FileNotFoundError, ConnectionRefusedError, PermissionError) as exc:
            log.warning("engine not reachable at %s: %s", ENGINE_SOCKET, exc)
            time.sleep(2 * (attempt + 1))
    else:
        return 2

    if args.pull:
        engine.pull(args.image)
    failures = 0
    for loc in locations:
        try:
            launch(engine, loc, args.image, args.replace)
        except (RuntimeError, KeyError) as exc:
            failures += 1
            log.error("%s: %s", loc.get("name", "?"), exc)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
