#!/usr/bin/env python3
"""Render and print prescription labels with the vendor's label renderer image.

The label vendor ships its renderer (fonts, barcode engine, printer driver)
as a container image. This wrapper talks to the local Docker engine, starts
the renderer with the job folder mounted and the USB label printer passed in,
waits for it to finish and collects the log.

    ./label_render_container.py jobs/2024-05-03 --image rxlabel/renderer:2.3
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

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.41"


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
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status not in expect:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:300]!r}")
        if data and resp.getheader("Content-Type", "").startswith("application/json"):
            return json.loads(data)
        return data

    def ping(self):
        return self.call("GET", "/_ping") == b"OK"


def container_spec(image, job_dir, printer_dev, queue):
    return {
        "Image": image,
        "Cmd": ["render", "--in", "/jobs", "--printer", "/dev/usb/lp0", "--queue", queue],
        "Env": [f"RX_SITE={os.environ.get('RX_SITE', 'unknown')}", "TZ=Europe/London"],
        "WorkingDir": "/jobs",
        "HostConfig": {
            "Binds": [f"{os.path.abspath(job_dir)}:/jobs:rw", "/dev/bus/usb:/dev/bus/usb"],
            "Privileged": True,
            "Devices": [{"PathOnHost": printer_dev, "PathInContainer": "/dev/usb/lp0",
                         "CgroupPermissions": "rwm"}],
            "AutoRemove": False,
        },
        "Labels": {"com.rxlabel.job": os.path.basename(os.path.abspath(job_dir))},
    }


def run_job(engine, spec, timeout):
    created = engine.call("POST", "/containers/create", spec)
    cid = created["Id"]
    log.info("renderer container %s created", cid[:12])
    try:
        engine.call("POST", f"/containers/{cid}/start", expect=(204, 304))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = engine.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                break
            time.sleep(1)
        else:
            log.warning("renderer still running after %ss, stopping it", timeout)
            engine.call("POST", f"/containers/{cid}/stop?t=5", expect=(204, 304))
            state = engine.call("GET", f"/containers/{cid}/json")["State"]
        logs = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
        return state.get("ExitCode", -1), logs
    finally:
        engine.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def strip_stream_headers(raw):
    """Docker multiplexes stdout/stderr with 8-byte frame headers."""
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description="Render prescription labels in the vendor container")
    ap.add_argument("job_dir")
    ap.add_argument("--image", default="rxlabel/renderer:2.3")
    ap.add_argument("--printer-dev", default="/dev/usb/lp0")
    ap.add_argument("--queue", default="RxLabels")
    ap.add_argument("--timeout", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not os.path.isdir(args.job_dir):
        log.error("job folder %s not found", args.job_dir)
        return 2
    engine = Engine()
    try:
        if not engine.ping():
            raise RuntimeError("engine did not answer ping")
        code, raw = run_job(engine, container_spec(args.image, args.job_dir, args.printer_dev, args.queue),
                            args.timeout)
    except (OSError, RuntimeError) as exc:
        log.error("renderer failed: %s", exc)
        return 1
    sys.stdout.write(strip_stream_headers(raw))
    log.info("renderer exited with %s", code)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
