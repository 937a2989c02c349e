#!/usr/bin/env python3
"""Launch the dashcam ingest container on a station server.

When an ambulance docks, its dashcam SD reader shows up as a USB block
device. The ingest image copies the footage off and indexes it for the
incident review team. It needs raw access to the reader, so we start it
through the local Docker engine API with device access enabled.
"""

import argparse
import http.client
import json
import logging
import socket
import sys
import time

log = logging.getLogger("dashcam-ingest")

ENGINE_SOCKET = "/var/run/docker.sock"
IMAGE = "registry.example.com/ems/dashcam-ingest:2.4"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTP over the engine's unix socket."""

    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def pull(self, image):
        name, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run(self, name, spec):
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid):
        return self.call("POST", f"/containers/{cid}/wait")


def build_spec(unit, footage_dir):
    host_cfg = {
        # the SD reader's device node changes per dock; give the
        # container the whole device tree and full device permissions
        "Privileged": True,
        "Binds": ["/dev:/dev", f"{footage_dir}:/footage"],
        "NetworkMode": "host",
        "AutoRemove": True,
    }
    return {
        "Image": IMAGE,
        "Env": [f"UNIT={unit}", "INDEX_URL=https://review.example.com/api/index"],
        "HostConfig": host_cfg,
        "Labels": {"ems.role": "dashcam-ingest", "ems.unit": unit},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("unit", help="ambulance unit number, e.g. M12")
    ap.add_argument("--footage-dir", default="/srv/dashcam")
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", IMAGE)
            engine.pull(IMAGE)
        name = f"dashcam-{args.unit.lower()}-{int(time.time())}"
        cid = engine.run(name, build_spec(args.unit, args.footage_dir))
        log.info("started %s (%s)", name, cid[:12])
        result = engine.wait(cid)
        code = result.get("StatusCode", 1)
        log.info("ingest finished with status %s", code)
        return code
    except (OSError, RuntimeError) as exc:
        log.error("ingest failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
