#!/usr/bin/env python3
"""Incident-response host snapshot.

Records basic host facts (OS release, CPU, memory, uptime) for the case
timeline and posts them to the case intake service as one JSON document
tagged with the case id.

Usage:
    ir_host_snapshot.py --case IR-2024-0117 [--intake URL] [--keep]
"""
import argparse
import base64
import datetime as dt
import getpass
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("ir-snapshot")

DEFAULT_INTAKE = os.environ.get(
    "IR_INTAKE_URL", "https://ir-intake.corp.internal/api/v1/bundles"
)
MAX_FILE = 2 * 1024 * 1024

SYSTEM_FILES = [
    "/etc/os-release",
    "/proc/cpuinfo",
    "/proc/meminfo",
    "/proc/uptime",
    "/proc/loadavg",
    "/proc/version",
]


class Snapshot:
    """In-memory snapshot: file contents plus an index."""

    def __init__(self, case_id):
        self.case_id = case_id
        self.files = []

    def add_file(self, src: Path, label: str):
        try:
            st = src.stat()
            if st.st_size > MAX_FILE:
                LOG.warning("skipping %s (%d bytes)", src, st.st_size)
                return
            data = src.read_bytes()
        except (FileNotFoundError, PermissionError, IsADirectoryError) as exc:
            LOG.debug("cannot read %s: %s", src, exc)
            return
        self.files.append(
            {
                "label": label,
                "path": str(src),
                "size": len(data),
                "mtime": dt.datetime.fromtimestamp(st.st_mtime).isoformat(),
                "b64": base64.b64encode(data).decode("ascii"),
            }
        )
        LOG.info("recorded %s", src)

    def to_json(self, facts):
        return json.dumps(
            {
                "case": self.case_id,
                "collected_at": dt.datetime.utcnow().isoformat() + "Z",
                "facts": facts,
                "files": self.files,
            }
        ).encode()


def host_facts():
    return {
        "hostname": socket.gethostname(),
        "fqdn": socket.getfqdn(),
        "user": getpass.getuser(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
    }


def collect(snap: Snapshot):
    for name in SYSTEM_FILES:
        snap.add_file(Path(name), "system:" + name)


def upload(url, payload, case_id, retries=3):
    parts = urlsplit(url)
    conn_cls = (
        http.client.HTTPSConnection
        if parts.scheme == "https"
        else http.client.HTTPConnection
    )
    headers = {
        "Content-Type": "application/json",
        "X-Case-Id": case_id,
        "Authorization": "Bearer " + os.environ.get("IR_API_KEY", ""),
    }
    for attempt in range(1, retries + 1):
        conn = conn_cls(parts.netloc, timeout=30)
        try:
            conn.request("POST", parts.path or "/", body=payload, headers=headers)
            resp = conn.getresponse()
            body = resp.read()
            if resp.status < 300:
                return json.loads(body or b"{}")
            LOG.warning("intake answered %s on attempt %d", resp.status, attempt)
        except OSError as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
        finally:
            conn.close()
        time.sleep(2 ** attempt)
    raise RuntimeError("intake service unreachable")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", required=True, help="case identifier")
    ap.add_argument("--intake", default=DEFAULT_INTAKE)
    ap.add_argument("--keep", action="store_true", help="also write snapshot to cwd")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )

    snap = Snapshot(args.case)
    collect(snap)
    payload = snap.to_json(host_facts())
    LOG.info("snapshot ready: %d files, %d bytes", len(snap.files), len(payload))

    if args.keep:
        out = Path(f"{args.case}_snapshot.json")
        out.write_bytes(payload)
        out.chmod(0o600)

    try:
        receipt = upload(args.intake, payload, args.case)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    LOG.info("intake receipt: %s", receipt.get("receipt_id", "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
