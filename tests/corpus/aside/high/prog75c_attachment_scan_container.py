#!/usr/bin/env python3
"""Virus-scan ticket attachments before they are attached to CRM records.

Attachments downloaded by the helpdesk sync land in ./attachments/<ticket>/.
This job runs ClamAV in a throw-away container against that tree and writes
quarantine.json listing infected files so the CRM import skips them.

    attachment_scan_container.py [--dir attachments] [--image clamav/clamav:stable]
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("attach-scan")

ENGINE_SOCKET = "/var/run/docker.sock"
API = "/v1.43"


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, raw=False):
        conn = EngineConnection(self.path)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, API + url,
                         body=json.dumps(body) if body is not None else None,
                         headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            if raw:
                return data
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def pull(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag or 'latest'}", raw=True)

    def run_scan(self, image, host_dir):
        spec = {
            "Image": image,
            "Cmd": ["clamscan", "--recursive", "--infected", "--no-summary", "/scan"],
            "HostConfig": {"Binds": [f"{host_dir}:/scan:ro"], "AutoRemove": False},
            "Labels": {"purpose": "attachment-scan"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
            return status.get("StatusCode", -1), demux(logs)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", raw=True)


def demux(stream):
    """Strip the 8-byte frame headers the engine puts on non-TTY logs."""
    out, i = [], 0
    while i + 8 <= len(stream):
        size = int.from_bytes(stream[i + 4:i + 8], "big")
        out.append(stream[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode(errors="replace")


def parse_findings(text, host_dir):
    findings = []
    for line in text.splitlines():
        if line.endswith(" FOUND") and ": " in line:
            path, _, sig = line.rpartition(": ")
            findings.append({"file": path.replace("/scan", str(host_dir), 1),
                             "signature": sig[:-len(" FOUND")]})
    return findings


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", type=Path, default=Path("attachments"))
    ap.add_argument("--image", default="clamav/clamav:stable")
    ap.add_argument("--out", type=Path, default=Path("quarantine.json"))
    ap.add_argument("--skip-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    host_dir = args.dir.resolve()
    if not host_dir.is_dir():
        log.error("%s is not a directory", host_dir)
        return 2

    engine = Engine()
    started = time.monotonic()
    try:
        if not args.skip_pull:
            engine.pull(args.image)
        code, output = engine.run_scan(args.image, host_dir)
    except (OSError, RuntimeError) as exc:
        log.error("scan could not run: %s", exc)
        return 1

    if code not in (0, 1):  # clamscan: 0 clean, 1 infected, 2 error
        log.error("clamscan exited with %s:\n%s", code, output[-2000:])
        return 1
    findings = parse_findings(output, host_dir)
    args.out.write_text(json.dumps({"scanned": str(host_dir), "infected": findings}, indent=2))
    log.info("scan finished in %.0fs, %d infected files", time.monotonic() - started, len(findings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
