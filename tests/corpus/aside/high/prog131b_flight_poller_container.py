#!/usr/bin/env python3
"""Run the airport flight poller as a container on the office server.

Creates (or replaces) the `flight-poller` container from the configured
image, passes the API key and jobs share through, starts it, and tails its
logs until interrupted.  Talks to the local container engine directly so
the office server does not need the CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import urllib.parse

LOG = logging.getLogger("poller-ctl")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str):
        self.path = path

    def call(self, method, endpoint, body=None, params=None, stream=False):
        url = f"/{API_VERSION}{endpoint}"
        if params:
            url += "?" + urllib.parse.urlencode(params)
        conn = UnixHTTPConnection(self.path, timeout=None if stream else 30)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, url, json.dumps(body) if body is not None else None, headers)
        resp = conn.getresponse()
        if stream:
            return resp
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {endpoint}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create", params={"fromImage": name, "tag": tag or "latest"})

    def remove(self, name):
        try:
            self.call("DELETE", f"/containers/{name}", params={"force": "true"})
            LOG.info("removed old container %s", name)
        except RuntimeError as exc:
            if " 404 " not in str(exc):
                raise

    def create(self, name, spec):
        return self.call("POST", "/containers/create", body=spec, params={"name": name})["Id"]

    def start(self, cid):
        self.call("POST", f"/containers/{cid}/start")

    def logs(self, cid):
        resp = self.call("GET", f"/containers/{cid}/logs",
                         params={"follow": "1", "stdout": "1", "stderr": "1", "tail": "50"},
                         stream=True)
        while True:
            header = resp.read(8)
            if len(header) < 8:
                break
            size = int.from_bytes(header[4:], "big")
            sys.stdout.write(resp.read(size).decode(errors="replace"))
            sys.stdout.flush()


def container_spec(image, jobs_dir, interval):
    return {
        "Image": image,
        "Env": [
            f"FLIGHT_API_KEY={os.environ.get('FLIGHT_API_KEY', '')}",
            f"INTERVAL={interval}",
            "JOBS_FILE=/data/airport_jobs.csv",
            "OUT_DIR=/data/arrivals",
        ],
        "Labels": {"office.role": "flight-poller"},
        "HostConfig": {
            "Binds": [f"{os.path.abspath(jobs_dir)}:/data"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "Memory": 256 * 1024 * 1024,
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description="Run the flight poller container")
    ap.add_argument("--image", default="registry.cabcentral.example/flight-poller:2.3")
    ap.add_argument("--name", default="flight-poller")
    ap.add_argument("--jobs-dir", default="./airport")
    ap.add_argument("--interval", type=int, default=120)
    ap.add_argument("--no-pull", dest="pull", action="store_false")
    ap.add_argument("--detach", action="store_true", help="do not tail logs")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.environ.get("FLIGHT_API_KEY"):
        LOG.error("FLIGHT_API_KEY not set")
        return 2

    engine = Engine(ENGINE_SOCKET)
    try:
        if args.pull:
            LOG.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove(args.name)
        cid = engine.create(args.name, container_spec(args.image, args.jobs_dir, args.interval))
        engine.start(cid)
        LOG.info("started %s (%s)", args.name, cid[:12])
        if not args.detach:
            engine.logs(cid)
    except (OSError, RuntimeError) as exc:
        LOG.error("container engine error: %s", exc)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
