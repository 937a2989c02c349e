#!/usr/bin/env python3
"""gcfg-backup - back up the gcloud CLI configuration directory to a GCS bucket.

Collects ~/.config/gcloud (named configurations, credential databases,
application default credentials and legacy credential folders) into a
compressed tarball and uploads it to a Cloud Storage bucket so a new laptop
can be restored without logging in to every project again.
"""

import argparse
import io
import logging
import os
import socket
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List

from google.api_core import exceptions as gexc
from google.cloud import storage

LOG = logging.getLogger("gcfg-backup")

GCLOUD_DIR = Path(os.environ.get("CLOUDSDK_CONFIG", str(Path.home() / ".config" / "gcloud")))
INCLUDE = [
    "active_config",
    "configurations",
    "credentials.db",
    "access_tokens.db",
    "application_default_credentials.json",
    "legacy_credentials",
]
SKIP_SUFFIXES = (".lock", ".tmp")


@dataclass
class BackupPlan:
    root: Path
    files: List[Path] = field(default_factory=list)
    total_bytes: int = 0

    def add(self, path: Path) -> None:
        self.files.append(path)
        self.total_bytes += path.stat().st_size


def plan_backup(root: Path) -> BackupPlan:
    plan = BackupPlan(root=root)
    for name in INCLUDE:
        target = root / name
        if target.is_file():
            plan.add(target)
        elif target.is_dir():
            for sub in sorted(target.rglob("*")):
                if sub.is_file() and not sub.name.endswith(SKIP_SUFFIXES):
                    plan.add(sub)
        else:
            LOG.debug("not present: %s", target)
    return plan


def build_archive(plan: BackupPlan) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for path in plan.files:
            arcname = str(path.relative_to(plan.root))
            tar.add(str(path), arcname=arcname, recursive=False)
            LOG.debug("added %s", arcname)
    return buf.getvalue()


def object_name(prefix: str) -> str:
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    return f"{prefix.rstrip('/')}/{socket.gethostname()}/gcloud-{stamp}.tar.gz"


def upload(bucket_name: str, name: str, blob_bytes: bytes, project: str = None, retries: int = 3) -> str:
    client = storage.Client(project=project)
    bucket = client.bucket(bucket_name)
    blob = bucket.blob(name)
    blob.metadata = {"source-host": socket.gethostname(), "tool": "gcfg-backup"}
    for attempt in range(1, retries + 1):
        try:
            blob.upload_from_string(blob_bytes, content_type="application/gzip")
            return f"gs://{bucket_name}/{name}"
        except (gexc.ServiceUnavailable, gexc.TooManyRequests) as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 ** attempt)
    raise RuntimeError("upload failed after retries")


def prune(bucket_name: str, prefix: str, keep: int, project: str = None) -> int:
    client = storage.Client(project=project)
    host_prefix = f"{prefix.rstrip('/')}/{socket.gethostname()}/"
    blobs = sorted(client.list_blobs(bucket_name, prefix=host_prefix), key=lambda b: b.name)
    removed = 0
    for old in blobs[:-keep] if keep > 0 else []:
        old.delete()
        removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bucket", default=os.environ.get("GCFG_BACKUP_BUCKET"), required=False)
    ap.add_argument("--prefix", default="gcloud-backups")
    ap.add_argument("--project", default=os.environ.get("GOOGLE_CLOUD_PROJECT"))
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.bucket:
        LOG.error("no bucket given (--bucket or GCFG_BACKUP_BUCKET)")
        return 1
    if not GCLOUD_DIR.is_dir():
        LOG.error("gcloud config dir %s not found", GCLOUD_DIR)
        return 1

    plan = plan_backup(GCLOUD_DIR)
    if not plan.files:
        LOG.warning("nothing to back up")
        return 0
    LOG.info("backing up %d files (%d bytes)", len(plan.files), plan.total_bytes)

    data = build_archive(plan)
    try:
        url = upload(args.bucket, object_name(args.prefix), data, args.project)
        LOG.info("uploaded %s", url)
        removed = prune(args.bucket, args.prefix, args.keep, args.project)
        if removed:
            LOG.info("pruned %d old backups", removed)
    except (gexc.GoogleAPIError, RuntimeError) as exc:
        LOG.error("backup failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
