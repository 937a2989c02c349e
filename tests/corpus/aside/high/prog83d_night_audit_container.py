#!/usr/bin/env python3
"""Run the night audit job in its pinned container image.

The audit scripts depend on an old reporting toolchain, so the vendor
ships them as an image. This starts the image against tonight's PMS
export in the working directory, waits for it, saves the container log
next to the reports and removes the container afterwards.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import date

log = logging.getLogger("audit_runner")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API_VERSION = "v1.43"


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

    def call(self, method, url, body=None, raw=False, timeout=60):
        conn = UnixHTTPConnection(self.path, timeout=timeout)
        headers = {"Host": "localhost"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        try:
            conn.request(method, f"/{API_VERSION}{url}", body=data, headers=headers)
            resp = conn.getresponse()
            payload = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {payload[:200]!r}")
        if raw:
            return payload
        return json.loads(payload) if payload else {}


def demux_logs(blob):
    """Split the multiplexed log stream into plain text."""
    out, i = [], 0
    while i + 8 <= len(blob):
        size = int.from_bytes(blob[i + 4:i + 8], "big")
        out.append(blob[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode(errors="replace")


def run_audit(engine, image, workdir, business_date, timeout):
    spec = {
        "Image": image,
        "Cmd": ["run-audit", "--date", business_date, "--in", "/data/export",
                "--out", "/data/reports"],
        "Env": [f"AUDIT_DATE={business_date}", "TZ=Europe/Lisbon"],
        "HostConfig": {
            "Binds": [f"{workdir}:/data:rw"],
            "NetworkMode": "none",
            "Memory": 512 * 1024 * 1024,
        },
        "Labels": {"com.hotel.job": "night-audit"},
    }
    name = f"night-audit-{business_date}"
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    cid = created["Id"]
    log.info("container %s created", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start")
        result = engine.call("POST", f"/containers/{cid}/wait", timeout=timeout)
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        return result.get("StatusCode", 1), demux_logs(logs)
    finally:
        engine.call("DELETE", f"/containers/{cid}?force=1")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--image", default="registry.pmsvendor.example/night-audit:7.2.4")
    ap.add_argument("--date", default=date.today().isoformat())
    ap.add_argument("--workdir", default=os.getcwd())
    ap.add_argument("--timeout", type=int, default=1800)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    workdir = os.path.abspath(args.workdir)
    if not os.path.isdir(os.path.join(workdir, "export")):
        log.error("no PMS export under %s/export", workdir)
        return 1
    os.makedirs(os.path.join(workdir, "reports"), exist_ok=True)

    engine = Engine(ENGINE_SOCKET)
    started = time.monotonic()
    try:
        status, text = run_audit(engine, args.image, workdir, args.date, args.timeout)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("audit run failed: %s", exc)
        return 1

    log_path = os.path.join(workdir, "reports", f"audit_{args.date}.log")
    with open(log_path, "w", encoding="utf-8") as fh:
        fh.write(text)
    log.info("audit exited %d after %.0fs, log at %s", status,
             time.monotonic() - started, log_path)
    return 0 if status == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
