#!/usr/bin/env python3
"""Start the claim-form OCR service container on a field office workstation.

The OCR service (tesseract + the carrier's form templates) ships as an OCI
image.  Field office PCs don't have the docker CLI installed, only the
engine, so this launcher talks to the engine API directly: it pulls the
image on request, (re)creates the container with the scan inbox mounted, and
waits for the health endpoint to come up.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse

log = logging.getLogger("ocr_launcher")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
IMAGE = os.environ.get("OCR_IMAGE", "registry.example-insurer.com/claims/fnol-ocr:3.4")
NAME = "fnol-ocr"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data and data[:1] in b"[{" else data

    def pull(self, image):
        repo, _, tag = image.rpartition(":")
        q = urllib.parse.urlencode({"fromImage": repo, "tag": tag})
        self.call("POST", f"/images/create?{q}")

    def remove(self, name):
        self.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))

    def create(self, name, spec):
        return self.call("POST", f"/containers/create?name={name}", spec)["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def inspect(self, cid):
        return self.call("GET", f"/containers/{cid}/json")


def container_spec(image, inbox, outbox, port):
    return {
        "Image": image,
        "Env": [f"OCR_WORKERS={os.cpu_count() or 2}", "OCR_LANG=eng"],
        "ExposedPorts": {"8080/tcp": {}},
        "HostConfig": {
            "Binds": [f"{inbox}:/data/inbox:ro", f"{outbox}:/data/out"],
            "PortBindings": {"8080/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "AutoRemove": False,
        },
    }


def wait_healthy(port, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(3)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inbox", default=os.path.abspath("scans/inbox"))
    ap.add_argument("--outbox", default=os.path.abspath("scans/out"))
    ap.add_argument("--port", type=int, default=8088)
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--pull", action="store_true", help="pull the image before starting")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.inbox, exist_ok=True)
    os.makedirs(args.outbox, exist_ok=True)
    engine = Engine()
    try:
        if args.pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(NAME)
        cid = engine.create(NAME, container_spec(args.image, args.inbox, args.outbox, args.port))
        engine.start(cid)
        state = engine.inspect(cid)["State"]["Status"]
        log.info("container %s is %s", cid[:12], state)
    except (OSError, RuntimeError) as exc:
        log.error("engine error: %s", exc)
        return 1

    if not wait_healthy(args.port):
        log.error("OCR service did not become healthy on port %d", args.port)
        return 1
    log.info("OCR service ready at http://127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
