#!/usr/bin/env python3
"""Run the nightly wholesale order sync inside its container.

The sync job is shipped as a container image by the integration vendor. This
wrapper (called from the shop PC's scheduler) creates a one-shot container with
the shop's orders.db mounted, waits for it, copies its logs next to the
database and removes the container. It talks to the Docker Engine API directly
so the shop PC does not need the docker CLI or the Python SDK installed.
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

log = logging.getLogger("sync-run")

ENGINE_SOCKET = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False, timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("%s %s -> %d %s" % (method, path, resp.status, data[:200]))
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image):
        repo, _, tag = image.partition(":")
        q = urllib.parse.urlencode({"fromImage": repo, "tag": tag or "latest"})
        self.call("POST", "/images/create?" + q, raw=True, timeout=600)


def demux(stream):
    """Strip the 8-byte multiplex headers from a non-TTY log stream."""
    out, i = [], 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out.append(stream[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.example.com/orderlink/order-sync:2.4")
    ap.add_argument("--db", default="orders.db")
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    db = os.path.abspath(args.db)
    if not os.path.exists(db):
        log.error("no order book at %s", db)
        return 2
    api_key = os.environ.get("WHOLESALE_API_KEY", "")
    engine = Engine(ENGINE_SOCKET)

    try:
        if args.pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        spec = {
            "Image": args.image,
            "Cmd": ["order-sync", "--settings", "/data/order_sync.ini"],
            "Env": ["WHOLESALE_API_KEY=" + api_key, "TZ=Europe/London"],
            "WorkingDir": "/data",
            "HostConfig": {
                "Binds": ["%s:/data" % os.path.dirname(db)],
                "NetworkMode": "bridge",
                "AutoRemove": False,
            },
        }
        name = "order-sync-%d" % int(time.time())
        cid = engine.call("POST", "/containers/create?name=" + name, spec)["Id"]
        log.info("created %s (%s)", name, cid[:12])
        engine.call("POST", "/containers/%s/start" % cid)
        result = engine.call("POST", "/containers/%s/wait" % cid, timeout=args.timeout)
        code = result.get("StatusCode", 1)
        logs = engine.call("GET", "/containers/%s/logs?stdout=1&stderr=1&timestamps=1" % cid, raw=True)
        with open(os.path.join(os.path.dirname(db), "order_sync_last.log"), "wb") as fh:
            fh.write(demux(logs))
        engine.call("DELETE", "/containers/%s?force=1" % cid)
    except (OSError, RuntimeError) as exc:
        log.error("engine call failed: %s", exc)
        return 1

    log.info("sync container exited with %d", code)
    return code


if __name__ == "__main__":
    sys.exit(main())
