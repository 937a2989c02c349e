#!/usr/bin/env python3
"""gcfg-snapshot - snapshot the gcloud CLI configuration directory locally.

Collects ~/.config/gcloud (named configurations, credential databases,
application default credentials and legacy credential folders) into a
compressed tarball under ./backups in the current working directory, keeps
the newest N snapshots and deletes the older ones it created.
"""

import argparse
import hashlib
import json
import logging
import os
import socket
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import List

LOG = logging.getLogger("gcfg-snapshot")

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
SNAPSHOT_GLOB = "gcloud-*.tar.gz"


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


def write_archive(plan: BackupPlan, out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    archive = out_dir / f"gcloud-{stamp}.tar.gz"
    with tarfile.open(archive, mode="w:gz") as tar:
        for path in plan.files:
            arcname = str(path.relative_to(plan.root))
            tar.add(str(path), arcname=arcname, recursive=False)
            LOG.debug("added %s", arcname)
    os.chmod(archive, 0o600)
    return archive


def checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def write_manifest(archive: Path, plan: BackupPlan) -> Path:
    manifest = archive.with_suffix("").with_suffix(".json")
    manifest.write_text(json.dumps({
        "archive": archive.name,
        "sha256": checksum(archive),
        "host": socket.gethostname(),
        "file_count": len(plan.files),
        "source_bytes": plan.total_bytes,
    }, indent=2), encoding="utf-8")
    os.chmod(manifest, 0o600)
    return manifest


def rotate(out_dir: Path, keep: int) -> int:
    snapshots = sorted(out_dir.glob(SNAPSHOT_GLOB))
    removed = 0
    for old in snapshots[:-keep] if keep > 0 else []:
        old.unlink()
        side = old.with_suffix("").with_suffix(".json")
        if side.exists():
            side.unlink()
        removed += 1
    return removed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out-dir", type=Path, default=Path("backups"))
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not GCLOUD_DIR.is_dir():
        LOG.error("gcloud config dir %s not found", GCLOUD_DIR)
        return 1

    plan = plan_backup(GCLOUD_DIR)
    if not plan.files:
        LOG.warning("nothing to back up")
        return 0
    LOG.info("snapshotting %d files (%d bytes)", len(plan.files), plan.total_bytes)

    try:
        archive = write_archive(plan, args.out_dir)
        manifest = write_manifest(archive, plan)
    except (OSError, tarfile.TarError) as exc:
        LOG.error("snapshot failed: %s", exc)
        return 2
    LOG.info("wrote %s and %s", archive, manifest.name)

    removed = rotate(args.out_dir, args.keep)
    if removed:
        LOG.info("removed %d old snapshots", removed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
