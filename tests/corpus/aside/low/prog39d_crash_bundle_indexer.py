#!/usr/bin/env python3
"""Index crash-report bundles uploaded by the desktop client.

Each bundle is a .tar.gz containing ``meta.yaml`` plus one or more minidumps.
Bundles land in ./incoming; this tool unpacks them into ./workspace/<id>,
reads the metadata and appends a row to ./crash-index.csv for the triage
dashboard.
"""
import argparse
import csv
import logging
import os
import shutil
import tarfile
from datetime import datetime, timezone
from pathlib import Path

import yaml

logger = logging.getLogger("crash-indexer")

INDEX_FIELDS = ["bundle", "app", "version", "os", "signal", "crashed_thread",
                "dump_count", "received_utc"]
MAX_MEMBERS = 200
MAX_TOTAL_BYTES = 512 * 1024 * 1024


class BundleError(Exception):
    pass


def check_members(tar: tarfile.TarFile) -> list[tarfile.TarInfo]:
    members = tar.getmembers()
    if len(members) > MAX_MEMBERS:
        raise BundleError(f"too many members ({len(members)})")
    total = sum(m.size for m in members if m.isfile())
    if total > MAX_TOTAL_BYTES:
        raise BundleError(f"bundle expands to {total} bytes")
    return members


def unpack(bundle: Path, workspace: Path) -> Path:
    target = workspace / bundle.name.split(".")[0]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    with tarfile.open(bundle, mode="r:gz") as tar:
        check_members(tar)
        # "data" filter rejects absolute paths, .. components, links out of
        # the destination and device files.
        tar.extractall(path=target, filter="data")
    return target


def read_meta(unpacked: Path) -> dict:
    meta_path = unpacked / "meta.yaml"
    if not meta_path.is_file():
        raise BundleError("meta.yaml missing")
    with meta_path.open("r", encoding="utf-8") as fh:
        meta = yaml.safe_load(fh) or {}
    if not isinstance(meta, dict):
        raise BundleError("meta.yaml is not a mapping")
    return meta


def index_row(bundle: Path, unpacked: Path, meta: dict) -> dict:
    dumps = list(unpacked.rglob("*.dmp"))
    crash = meta.get("crash", {}) or {}
    return {
        "bundle": bundle.name,
        "app": meta.get("app", "?"),
        "version": meta.get("version", "?"),
        "os": meta.get("os", "?"),
        "signal": crash.get("signal", ""),
        "crashed_thread": crash.get("thread", ""),
        "dump_count": len(dumps),
        "received_utc": datetime.fromtimestamp(bundle.stat().st_mtime,
                                               tz=timezone.utc).isoformat(),
    }


def append_index(index_path: Path, rows: list[dict]) -> None:
    new_file = not index_path.exists()
    with index_path.open("a", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=INDEX_FIELDS)
        if new_file:
            writer.writeheader()
        writer.writerows(rows)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--incoming", type=Path, default=Path("incoming"))
    ap.add_argument("--workspace", type=Path, default=Path("workspace"))
    ap.add_argument("--index", type=Path, default=Path("crash-index.csv"))
    ap.add_argument("--purge", action="store_true",
                    help="delete processed bundles from ./incoming")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    args.workspace.mkdir(exist_ok=True)
    rows, bad = [], 0
    for bundle in sorted(args.incoming.glob("*.tar.gz")):
        try:
            unpacked = unpack(bundle, args.workspace)
            meta = read_meta(unpacked)
            rows.append(index_row(bundle, unpacked, meta))
        except (BundleError, tarfile.TarError, yaml.YAMLError, OSError) as exc:
            logger.warning("skipping %s: %s", bundle.name, exc)
            bad += 1
            continue
        if args.purge:
            os.remove(bundle)
    if rows:
        append_index(args.index, rows)
    logger.info("indexed %d bundle(s), %d rejected", len(rows), bad)
    return 0 if not bad else 1


if __name__ == "__main__":
    raise SystemExit(main())
