#!/usr/bin/env python3
"""Deploy the office CUPS print server as a container on the NAS.

Talks to the local Docker Engine API directly over its UNIX socket (the NAS
image has no docker CLI), recreates the `cupsd` container and passes the USB
bus through so the label printer and the MFP are visible inside it.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("cups-deploy")
DOCKER_SOCK = "/var/run/docker.sock"
API = "/v1.43"


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

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data


def container_spec(image, admin_port, spool_dir):
    return {
        "Image": image,
        "Env": ["CUPSADMIN=printadmin", "TZ=Europe/Berlin"],
        "ExposedPorts": {"631/tcp": {}},
        "HostConfig": {
            "Privileged": True,
            "Binds": ["/dev/bus/usb:/dev/bus/usb", "/var/run/dbus:/var/run/dbus",
                      f"{spool_dir}:/var/spool/cups"],
            "PortBindings": {"631/tcp": [{"HostPort": str(admin_port)}]},
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }


def redeploy(engine, name, image, admin_port, spool_dir):
    repo, _, tag = image.partition(":")
    log.info("pulling %s", image)
    engine.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")
    try:
        engine.call("DELETE", f"/containers/{name}?force=true", ok=(204,))
        log.info("removed old container %s", name)
    except RuntimeError as exc:
        log.debug("no previous container: %s", exc)
    created = engine.call("POST", f"/containers/create?name={name}",
                          container_spec(image, admin_port, spool_dir))
    engine.call("POST", f"/containers/{created['Id']}/start")
    for _ in range(10):
        info = engine.call("GET", f"/containers/{created['Id']}/json")
        if info["State"]["Running"]:
            return info
        time.sleep(1)
    raise RuntimeError("container did not start")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="cupsd")
    ap.add_argument("--image", default="olbat/cupsd:stable")
    ap.add_argument("--port", type=int, default=631)
    ap.add_argument("--spool", default="/srv/nas/appdata/cups-spool")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        version = engine.call("GET", "/version")
        log.info("docker engine %s", version.get("Version"))
        info = redeploy(engine, args.name, args.image, args.port, args.spool)
    except (OSError, RuntimeError) as exc:
        log.error("deployment failed: %s", exc)
        return 1
    log.info("%s running, ip %s", args.name,
             info["NetworkSettings"].get("IPAddress") or "host-published")
    return 0


if __name__ == "__main__":
    sys.exit(main())
