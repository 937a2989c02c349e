#!/usr/bin/env python3
"""Run the RADIUS subscriber sync job in its container.

Member plans live in the billing system; the RADIUS server needs them as
users/attributes.  The sync tool is shipped as a container image by the
billing vendor.  This runner talks to the local Docker engine directly
(no docker CLI on the NOC boxes), starts the job with the host's freeradius
config mounted, streams its logs and reports the exit status.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("radius-sync")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API = "/v1.43"
DEFAULT_IMAGE = "registry.coop-ops.example.net/billing/radius-sync:3.2"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.socket_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, raw=False):
        conn = EngineConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        try:
            conn.request(method, API + url, body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data else {}

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(name)}&tag={quote(tag)}", raw=True)

    def run_job(self, image, env, name):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "Labels": {"coop.job": "radius-sync"},
            "HostConfig": {
                "Privileged": True,
                "NetworkMode": "host",
                "Binds": [
                    "/etc/freeradius:/etc/freeradius:rw",
                    "/var/lib/radius-sync:/state:rw",
                ],
                "AutoRemove": False,
            },
        }
        created = self.call("POST", f"/containers/create?name={quote(name)}", body=spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start", raw=True)
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait").get("StatusCode", -1)

    def logs(self, cid):
        data = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=200", raw=True)
        out, i = [], 0
        while i + 8 <= len(data):
            size = int.from_bytes(data[i + 4:i + 8], "big")
            out.append(data[i + 8:i + 8 + size].decode(errors="replace"))
            i += 8 + size
        return "".join(out)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1", raw=True)


def job_env():
    keys = ("BILLING_API_URL", "BILLING_API_TOKEN", "RADIUS_SECRET_FILE", "SYNC_MODE")
    env = {k: os.environ[k] for k in keys if k in os.environ}
    env.setdefault("SYNC_MODE", "incremental")
    return env


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default=DEFAULT_IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--keep", action="store_true", help="keep the container after it exits")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine()
    name = f"radius-sync-{time.strftime('%Y%m%d%H%M%S')}"
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.run_job(args.image, job_env(), name)
        log.info("started %s (%s)", name, cid[:12])
        status = engine.wait(cid)
        sys.stdout.write(engine.logs(cid))
        if not args.keep:
            engine.remove(cid)
    except (OSError, RuntimeError) as exc:
        log.error("sync run failed: %s", exc)
        return 1
    log.info("sync exited with status %d", status)
    return 0 if status == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
