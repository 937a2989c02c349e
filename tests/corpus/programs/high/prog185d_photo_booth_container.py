#!/usr/bin/env python3
"""Start the costume photo-booth container on the showroom PC.

Customers try on costumes and get a quick photo with a branded frame.  The
booth software runs in a container; this launcher talks to the local
container engine directly so it works on PCs without the CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket

LOG = logging.getLogger("booth")

ENGINE_SOCKET = os.environ.get("BOOTH_ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("BOOTH_IMAGE", "registry.example.com/costume/photobooth:2.7")
NAME = "costume-photobooth"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.unix_path)


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400 and resp.status != 404:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return resp.status, (json.loads(data) if data.strip() else None)

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true")

    def create(self, name, spec):
        status, out = self.call("POST", f"/containers/create?name={name}", spec)
        return out["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")


def booth_spec(image, camera, photos_dir):
    return {
        "Image": image,
        "Env": [f"BOOTH_FRAME={os.environ.get('BOOTH_FRAME', 'spring-gala')}"],
        "HostConfig": {
            # the booth needs the webcam and the dye-sub printer's raw USB node
            "Privileged": True,
            "Devices": [{"PathOnHost": camera, "PathInContainer": "/dev/video0",
                         "CgroupPermissions": "rwm"}],
            "Binds": [f"{photos_dir}:/photos"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": "8080"}]},
            "RestartPolicy": {"Name": "no"},
        },
        "ExposedPorts": {"8080/tcp": {}},
    }


def main():
    parser = argparse.ArgumentParser(description="Launch the photo booth")
    parser.add_argument("--camera", default="/dev/video0")
    parser.add_argument("--photos", default=os.path.expanduser("~/BoothPhotos"))
    parser.add_argument("--no-pull", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    os.makedirs(args.photos, exist_ok=True)
    engine = Engine(ENGINE_SOCKET)
    if not args.no_pull:
        LOG.info("pulling %s", IMAGE)
        engine.pull(IMAGE)
    engine.remove(NAME)
    cid = engine.create(NAME, booth_spec(IMAGE, args.camera, args.photos))
    engine.start(cid)
    LOG.info("photo booth running (%s) on http://127.0.0.1:8080", cid[:12])


if __name__ == "__main__":
    main()
