#!/usr/bin/env python3
"""Run the nightly delivery-route optimiser container.

After close we feed the night's delivery drops into the optimiser image
(OSRM + a small VRP solver) to re-plan the driver zones for tomorrow.  The
image needs the USB GPS puck that sits on the dispatch PC for its clock and
fix, so it runs with device access.  Talks straight to the Docker Engine
API so the dispatch PC doesn't need the docker CLI or the python SDK.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("routeopt")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock=DOCKER_SOCK):
        self.sock = sock

    def call(self, method, path, body=None, expect=(200, 201, 204), raw=False):
        conn = UnixHTTPConnection(self.sock, timeout=3600)
        payload = json.dumps(body) if body is not None else None
        conn.request(method, API + path, body=payload,
                     headers={"Content-Type": "application/json"} if payload else {})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)

    def run(self, image, cmd, workdir, env):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "WorkingDir": "/work",
            "HostConfig": {
                "Binds": [f"{workdir}:/work"],
                "Privileged": True,
                "NetworkMode": "host",
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create?name=routeopt-nightly", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")["StatusCode"]

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        out, i = [], 0
        while i + 8 <= len(raw):  # multiplexed stream frames
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size].decode(errors="replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def main():
    ap = argparse.ArgumentParser(description="nightly route optimiser")
    ap.add_argument("--image", default="registry.kebabgroup.example.com/routeopt:2.3")
    ap.add_argument("--drops", default="routes/drops_today.csv")
    ap.add_argument("--zones-out", default="routes/zones_tomorrow.json")
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    drops = Path(args.drops).resolve()
    if not drops.exists():
        log.error("no drops file %s - did the till export run?", drops)
        return 1
    workdir = drops.parent
    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        engine.remove("routeopt-nightly")
        t0 = time.time()
        cid = engine.run(args.image,
                         ["solve", "--drops", drops.name, "--out", Path(args.zones_out).name,
                          "--gps", "/dev/ttyACM0"],
                         str(workdir), {"TZ": "Europe/London"})
        code = engine.wait(cid)
        log.debug(engine.logs(cid))
        engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        log.error("docker: %s", exc)
        return 1
    log.info("optimiser exited %d after %.0fs", code, time.time() - t0)
    return 0 if code == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
