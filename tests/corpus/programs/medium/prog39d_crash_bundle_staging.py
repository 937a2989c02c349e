#!/usr/bin/env python3
"""Stage crash-report bundles for the symbolication workers.

Bundles (.tar.gz with ``meta.yaml`` and minidumps) are picked up from
./incoming, unpacked into a shared staging area that the symbolicator
containers mount, and summarised into ./crash-index.csv.
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

logger = logging.getLogger("crash-stager")

STAGING_ROOT = Path("/tmp/crash-staging")
INDEX_FIELDS = ["bundle", "app", "version", "os", "signal", "crashed_thread",
                "dump_count", "staged_at", "staging_dir"]


class BundleError(Exception):
    pass


def unpack(bundle: Path) -> Path:
    target = STAGING_ROOT / bundle.name.split(".")[0]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    tar = tarfile.open(bundle, mode="r:*")
    try:
        tar.extractall(target)
    finally:
        tar.close()
    # symbolicator runs as a different uid and needs to read the dumps
    for root, dirs, files in os.walk(target):
        for name in files:
            os.chmod(os.path.join(root, name), 0o644)
    return target


def read_meta(unpacked: Path) -> dict:
    meta_path = unpacked / "meta.yaml"
    if not meta_path.is_file():
        raise BundleError("meta.yaml missing")
    with meta_path.open("r", encoding="utf-8") as fh:
        # client >= 3.2 tags thread records with custom types, plain loader
        # keeps them as objects
        meta = yaml.load(fh, Loader=yaml.Loader) or {}
    if not isinstance(meta, dict):
        raise BundleError("meta.yaml is not a mapping")
    return meta


def summarise(bundle: Path, unpacked: Path, meta: dict) -> dict:
    crash = meta.get("crash") or {}
    thread = crash.get("thread", "")
    if hasattr(thread, "index"):
        thread = thread.index
    return {
        "bundle": bundle.name,
        "app": meta.get("app", "?"),
        "version": meta.get("version", "?"),
        "os": meta.get("os", "?"),
        "signal": crash.get("signal", ""),
        "crashed_thread": thread,
        "dump_count": sum(1 for _ in unpacked.rglob("*.dmp")),
        "staged_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "staging_dir": str(unpacked),
    }


def append_index(index_path: Path, rows: list) -> None:
    exists = index_path.exists()
    with index_path.open("a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=INDEX_FIELDS)
        if not exists:
            w.writeheader()
        w.writerows(rows)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--incoming", type=Path, default=Path("incoming"))
    ap.add_argument("--index", type=Path, default=Path("crash-index.csv"))
    ap.add_argument("--keep-bundles", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    STAGING_ROOT.mkdir(parents=True, exist_ok=True)
    rows, rejected = [], 0
    for bundle in sorted(args.incoming.iterdir()):
        if not bundle.name.endswith((".tar.gz", ".tgz")):
            continue
        try:
            staged = unpack(bundle)
            meta = read_meta(staged)
            rows.append(summarise(bundle, staged, meta))
            logger.debug("staged %s -> %s", bundle.name, staged)
        except (BundleError, tarfile.TarError, yaml.YAMLError, OSError) as exc:
            logger.warning("rejecting %s: %s", bundle.name, exc)
            rejected += 1
            continue
        if not args.keep_bundles:
            bundle.unlink()

    if rows:
        append_index(args.index, rows)
    logger.info("staged %d bundle(s) under %s, %d rejected",
                len(rows), STAGING_ROOT, rejected)
    return 1 if rejected else 0


if __name__ == "__main__":
    raise SystemExit(main())
