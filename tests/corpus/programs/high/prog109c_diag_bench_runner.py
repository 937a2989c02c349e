#!/usr/bin/env python3
"""Run the phone diagnostics toolkit image against devices on the bench.

The toolkit (adb, fastboot, libimobiledevice, the battery health and
sensor test scripts) ships as a container image so every bench runs the
same versions.  This starts a container per run, waits for it to finish
and saves the report JSON next to the repair ticket.
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

LOG = logging.getLogger("diag-runner")

DEFAULT_IMAGE = "registry.repairbench.example/diag-toolkit:2024.11"
ENGINE_SOCKET = os.environ.get("DIAG_ENGINE_SOCKET", "/var/run/docker.sock")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data and data[:1] in (b"{", b"[") else data

    def ensure_image(self, image):
        try:
            self.call("GET", f"/v1.43/images/{image}/json")
        except RuntimeError:
            LOG.info("pulling %s", image)
            name, _, tag = image.rpartition(":")
            self.call("POST", f"/v1.43/images/create?fromImage={name}&tag={tag}")


def container_spec(image, ticket, tests, outdir):
    host_config = {
        "Privileged": True,
        "Binds": [
            "/dev/bus/usb:/dev/bus/usb",
            "/run/udev:/run/udev:ro",
            f"{outdir.resolve()}:/reports",
        ],
        "NetworkMode": "host",
        "AutoRemove": False,
    }
    return {
        "Image": image,
        "Cmd": ["run-diagnostics", "--ticket", ticket, "--out", "/reports"] + [f"--test={t}" for t in tests],
        "Env": [f"TICKET={ticket}"],
        "Labels": {"repairbench.ticket": ticket},
        "HostConfig": host_config,
    }


def run_diagnostics(engine, image, ticket, tests, outdir, timeout):
    spec = container_spec(image, ticket, tests, outdir)
    created = engine.call("POST", f"/v1.43/containers/create?name=diag-{ticket}", spec)
    cid = created["Id"]
    LOG.info("container %s created for ticket %s", cid[:12], ticket)
    try:
        engine.call("POST", f"/v1.43/containers/{cid}/start")
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = engine.call("GET", f"/v1.43/containers/{cid}/json")["State"]
            if not state.get("Running"):
                return state.get("ExitCode", -1)
            time.sleep(3)
        LOG.error("diagnostics timed out after %ss", timeout)
        engine.call("POST", f"/v1.43/containers/{cid}/kill")
        return -1
    finally:
        engine.call("DELETE", f"/v1.43/containers/{cid}?force=true", expect=(204, 404))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ticket", help="repair ticket number")
    ap.add_argument("-t", "--test", action="append", default=[],
                    help="test to run (battery, sensors, camera, radio); default all")
    ap.add_argument("--image", default=os.environ.get("DIAG_IMAGE", DEFAULT_IMAGE))
    ap.add_argument("--reports", type=Path, default=Path("reports"))
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    outdir = args.reports / args.ticket
    outdir.mkdir(parents=True, exist_ok=True)
    engine = Engine(ENGINE_SOCKET)
    tests = args.test or ["battery", "sensors", "camera", "radio"]
    try:
        engine.ensure_image(args.image)
        code = run_diagnostics(engine, args.image, args.ticket, tests, outdir, args.timeout)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("diagnostics failed: %s", exc)
        return 2
    LOG.info("diagnostics exited with %s; reports in %s", code, outdir)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
