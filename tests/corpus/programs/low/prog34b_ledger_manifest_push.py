#!/usr/bin/env python3
"""Register local backup archives with the BackupLedger catalog service.

For every archive in ./backups we compute size and SHA-256 and post a JSON
manifest to the ledger API so the ops dashboard can show which hosts have
fresh backups.  Only metadata is sent - never archive contents.

Auth: the API token is read from $BACKUPLEDGER_TOKEN and is sent only to the
ledger API below.
"""
import argparse
import datetime as dt
import hashlib
import logging
import os
import platform
import sys
from pathlib import Path

import requests

LEDGER_API = "https://api.backupledger.io/v2"
ARCHIVE_SUFFIXES = (".tar.gz", ".tar.zst", ".tar.xz", ".zip", ".7z")

logger = logging.getLogger("ledger-push")


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(256 * 1024), b""):
            h.update(chunk)
    return h.hexdigest()


def collect_archives(folder: Path):
    for entry in sorted(folder.iterdir()):
        if entry.is_file() and entry.name.endswith(ARCHIVE_SUFFIXES):
            st = entry.stat()
            yield {
                "name": entry.name,
                "bytes": st.st_size,
                "sha256": file_digest(entry),
                "created": dt.datetime.fromtimestamp(st.st_mtime, dt.timezone.utc).isoformat(),
            }


def os_label() -> str:
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


class LedgerClient:
    def __init__(self, token: str, timeout: float = 15.0):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "User-Agent": "ledger-push/1.4",
        })
        self.timeout = timeout

    def ping(self) -> bool:
        resp = self.session.get(f"{LEDGER_API}/health", timeout=self.timeout)
        return resp.ok

    def submit(self, host: str, manifest: dict) -> str:
        resp = self.session.post(f"{LEDGER_API}/hosts/{host}/manifests",
                                 json=manifest, timeout=self.timeout)
        resp.raise_for_status()
        return resp.json().get("manifest_id", "?")


def main() -> int:
    ap = argparse.ArgumentParser(description="push backup manifest to BackupLedger")
    ap.add_argument("--dir", default="backups", help="archive folder (relative to cwd)")
    ap.add_argument("--host", default=platform.node(), help="host name to report")
    ap.add_argument("--dry-run", action="store_true", help="print manifest, do not send")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.dir)
    if not folder.is_dir():
        logger.error("archive folder %s does not exist", folder)
        return 2

    archives = list(collect_archives(folder))
    if not archives:
        logger.warning("no archives in %s; nothing to report", folder)
        return 0

    manifest = {
        "host": args.host,
        "os": os_label(),
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
        "archives": archives,
        "total_bytes": sum(a["bytes"] for a in archives),
    }

    if args.dry_run:
        import json
        print(json.dumps(manifest, indent=2))
        return 0

    token = os.environ.get("BACKUPLEDGER_TOKEN")
    if not token:
        logger.error("BACKUPLEDGER_TOKEN is not set")
        return 2

    client = LedgerClient(token)
    try:
        if not client.ping():
            logger.error("ledger API not healthy, aborting")
            return 1
        manifest_id = client.submit(args.host, manifest)
    except requests.RequestException as exc:
        logger.error("ledger request failed: %s", exc)
        return 1

    logger.info("registered %d archives (%d bytes) as manifest %s",
                len(archives), manifest["total_bytes"], manifest_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
