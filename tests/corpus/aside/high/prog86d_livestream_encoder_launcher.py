#!/usr/bin/env python3
"""Start the livestream encoder container for a scheduled funeral service.

Reads the service schedule entry (chapel, start time, stream key name,
destination) from ``services.toml`` and starts the encoder image on the
chapel PC with the capture card and GPU passed through, so the director
only has to press "go live" in the control panel.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("encoder-launch")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGE = "registry.evergreenmemorial.com/stream/encoder:4.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def remove_if_exists(self, name):
        try:
            self.call("DELETE", f"/containers/{name}?force=true")
            log.info("removed stale container %s", name)
        except RuntimeError:
            pass

    def run(self, name, spec):
        self.remove_if_exists(name)
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def load_service(path, service_id):
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    for svc in doc.get("service", []):
        if svc.get("id") == service_id:
            return svc
    raise KeyError(service_id)


def container_spec(svc):
    env = [
        f"CHAPEL={svc['chapel']}",
        f"INGEST_URL={svc['ingest_url']}",
        f"STREAM_KEY_NAME={svc.get('stream_key_name', 'default')}",
        f"BITRATE={svc.get('bitrate', '4500k')}",
    ]
    devices = [{"PathOnHost": d, "PathInContainer": d, "CgroupPermissions": "rwm"}
               for d in svc.get("devices", ["/dev/video0", "/dev/snd"])]
    return {
        "Image": IMAGE,
        "Env": env,
        "Labels": {"service.id": svc["id"], "chapel": svc["chapel"]},
        "HostConfig": {
            "Privileged": True,
            "Devices": devices,
            "NetworkMode": "host",
            "RestartPolicy": {"Name": "on-failure", "MaximumRetryCount": 3},
            "Binds": [f"{os.path.abspath('recordings')}:/recordings"],
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("service_id")
    ap.add_argument("--schedule", default="services.toml")
    ap.add_argument("--wait", type=int, default=0, help="seconds to wait before start")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        svc = load_service(args.schedule, args.service_id)
    except (OSError, KeyError) as exc:
        log.error("service %s not found: %s", args.service_id, exc)
        return 2

    os.makedirs("recordings", exist_ok=True)
    if args.wait:
        log.info("waiting %ds before starting encoder", args.wait)
        time.sleep(args.wait)

    engine = Engine(ENGINE_SOCK)
    name = f"encoder-{svc['chapel']}"
    try:
        cid = engine.run(name, container_spec(svc))
    except (OSError, RuntimeError) as exc:
        log.error("could not start encoder: %s", exc)
        return 1
    log.info("encoder %s started (%s) for service %s", name, cid[:12], svc["id"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
