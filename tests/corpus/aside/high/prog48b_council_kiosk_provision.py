#!/usr/bin/env python3
"""Provision the council's self-service kiosk container.

The library and town-hall kiosks run the permit/payment front end in a
container. The receipt printer and card reader are USB devices, so the
container is started with full device access. This script talks to the
Docker Engine API directly (no docker CLI on the kiosk image).
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("kiosk")
ENGINE_SOCKET = "/var/run/docker.sock"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data.strip() else None)


def container_spec(image, site, port):
    return {
        "Image": image,
        "Env": [f"KIOSK_SITE={site}", "KIOSK_MODE=public", "TZ=Europe/London"],
        "ExposedPorts": {f"{port}/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb", "/run/udev:/run/udev:ro"],
            "PortBindings": {f"{port}/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
        "Labels": {"org.council.role": "kiosk", "org.council.site": site},
    }


def provision(engine, name, image, site, port, replace):
    status, info = engine.call("GET", f"/containers/{name}/json")
    if status != 404:
        if not replace:
            log.info("%s already exists (state=%s)", name, info["State"]["Status"])
            return
        engine.call("DELETE", f"/containers/{name}?force=true")
        log.info("removed previous %s", name)
    repo, _, tag = image.partition(":")
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")
    _, created = engine.call("POST", f"/containers/create?name={name}",
                             container_spec(image, site, port))
    engine.call("POST", f"/containers/{created['Id']}/start")
    log.info("started %s (%s) for site %s", name, created["Id"][:12], site)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site", help="e.g. central-library, townhall-foyer")
    ap.add_argument("--image", default="registry.council.local/kiosk/frontend:2024.06")
    ap.add_argument("--name", default="kiosk-frontend")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--replace", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        provision(Engine(), args.name, args.image, args.site, args.port, args.replace)
    except (OSError, RuntimeError) as exc:
        log.error("provisioning failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
