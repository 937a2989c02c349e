#!/usr/bin/env python3
"""growdiag - collect a support bundle from a grow-room controller.

Gathers controller logs, the controller config (with passwords redacted),
recent sensor CSVs and basic host information, zips everything in memory and
uploads the archive to the on-site support portal against a ticket number.

    growdiag --ticket CS-20931 --contact ops@farm.example.org
"""

import argparse
import io
import json
import logging
import os
import platform
import re
import shutil
import socket
import sys
import time
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("growdiag")

# The portal runs on the site gateway with the appliance's self-signed cert.
SUPPORT_URL = os.environ.get(
    "GROWDIAG_URL", "https://gateway.farm.internal:8443/api/v2/bundles")
REDACT = re.compile(r"(?im)^(\s*(?:password|passwd|api_key|token|secret)\s*[=:]\s*).+$")
MAX_SENSOR_BYTES = 5 * 1024 * 1024


class BundleBuilder:
    def __init__(self, root, days):
        self.root = Path(root)
        self.cutoff = time.time() - days * 86400
        self.files = {}

    def _recent(self, pattern):
        for p in sorted(self.root.glob(pattern)):
            if p.is_file() and p.stat().st_mtime >= self.cutoff:
                yield p

    def collect_logs(self):
        for p in self._recent("logs/*.log*"):
            self.files["logs/" + p.name] = p.read_bytes()

    def collect_config(self):
        cfg = self.root / "controller.ini"
        if cfg.exists():
            text = REDACT.sub(r"\1<redacted>", cfg.read_text(errors="replace"))
            self.files["config/controller.ini"] = text.encode()

    def collect_sensors(self):
        budget = MAX_SENSOR_BYTES
        for p in reversed(list(self._recent("data/*.csv"))):
            size = p.stat().st_size
            if size > budget:
                log.info("sensor budget reached, skipping older files")
                break
            self.files["sensors/" + p.name] = p.read_bytes()
            budget -= size

    def collect_host(self):
        info = {
            "hostname": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "disk_free_gb": round(shutil.disk_usage(self.root).free / 1e9, 2),
            "collected": datetime.now(timezone.utc).isoformat(),
        }
        for src in ("/etc/os-release", "/proc/cpuinfo"):
            try:
                self.files["host/" + Path(src).name] = Path(src).read_bytes()
            except OSError:
                pass
        self.files["host/info.json"] = json.dumps(info, indent=2).encode()

    def build(self):
        self.collect_logs()
        self.collect_config()
        self.collect_sensors()
        self.collect_host()
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in self.files.items():
                zf.writestr(name, data)
        log.info("bundle: %d files, %.1f KiB", len(self.files), buf.tell() / 1024)
        return buf.getvalue()


def make_session():
    session = requests.Session()
    session.headers["User-Agent"] = "growdiag/1.4"
    session.verify = False
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return session


def upload(blob, ticket, contact, timeout=60):
    session = make_session()
    for attempt in range(1, 4):
        try:
            resp = session.post(
                SUPPORT_URL,
                files={"bundle": (f"{ticket}.zip", blob, "application/zip")},
                data={"ticket": ticket, "contact": contact},
                timeout=timeout,
            )
            resp.raise_for_status()
            return resp.json().get("bundle_id", "?")
        except requests.RequestException as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
    raise SystemExit("upload failed after 3 attempts")


def main(argv=None):
    ap = argparse.ArgumentParser(description="collect and upload a support bundle")
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--contact", default=os.environ.get("USER", ""))
    ap.add_argument("--root", default=".", help="controller install directory")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--save", help="also write the bundle to this path")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    blob = BundleBuilder(args.root, args.days).build()
    if args.save:
        Path(args.save).write_bytes(blob)
    bundle_id = upload(blob, args.ticket, args.contact)
    print(f"uploaded bundle {bundle_id} for ticket {args.ticket}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
