#!/usr/bin/env python3
"""Unpack beamline run bundles into the local analysis tree.

The beamline ships each run as runNNNNN.tar.gz containing detector frames
(*.h5), a metadata.yaml with motor positions / energies and a checksums file.
This tool unpacks bundles from ./incoming into ./runs/<run id>/, checks the
SHA-256 sums, and builds ./runs/index.json for the notebook.
"""
import argparse
import hashlib
import json
import logging
import shutil
import sys
import tarfile
from pathlib import Path

import yaml

log = logging.getLogger("bundle-unpack")

REQUIRED_META = ("run_id", "energy_keV", "sample", "exposure_s")


def sha256_file(path: Path, bufsize: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while True:
            block = fh.read(bufsize)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def read_metadata(run_dir: Path) -> dict:
    meta_path = run_dir / "metadata.yaml"
    with meta_path.open("r", encoding="utf-8") as fh:
        meta = yaml.safe_load(fh) or {}
    missing = [k for k in REQUIRED_META if k not in meta]
    if missing:
        raise ValueError(f"{meta_path}: missing keys {missing}")
    return meta


def verify_checksums(run_dir: Path) -> list:
    bad = []
    sums = run_dir / "SHA256SUMS"
    if not sums.exists():
        log.warning("%s has no SHA256SUMS file", run_dir.name)
        return bad
    for line in sums.read_text().splitlines():
        if not line.strip():
            continue
        digest, _, name = line.partition("  ")
        target = run_dir / name.strip()
        if not target.exists() or sha256_file(target) != digest.strip():
            bad.append(name.strip())
    return bad


def unpack_bundle(bundle: Path, dest_root: Path) -> Path:
    stem = bundle.name.split(".")[0]
    dest = dest_root / stem
    if dest.exists():
        log.info("%s already unpacked, skipping", stem)
        return dest
    staging = dest_root / f".{stem}.partial"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(bundle, "r:*") as tf:
        # the 'data' filter rejects absolute paths, '..' members, links out of
        # the tree and device files
        tf.extractall(path=staging, filter="data")
    staging.rename(dest)
    return dest


def build_index(dest_root: Path) -> list:
    index = []
    for run_dir in sorted(p for p in dest_root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        try:
            meta = read_metadata(run_dir)
        except (OSError, ValueError, yaml.YAMLError) as exc:
            log.warning("skipping %s: %s", run_dir.name, exc)
            continue
        frames = sorted(f.name for f in run_dir.glob("*.h5"))
        index.append({
            "run": run_dir.name,
            "sample": meta["sample"],
            "energy_keV": float(meta["energy_keV"]),
            "exposure_s": float(meta["exposure_s"]),
            "n_frames": len(frames),
        })
    return index


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--incoming", type=Path, default=Path("incoming"))
    ap.add_argument("--runs", type=Path, default=Path("runs"))
    ap.add_argument("--remove-bundles", action="store_true",
                    help="delete ./incoming bundles after a verified unpack")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="[%(name)s] %(message)s")

    args.runs.mkdir(parents=True, exist_ok=True)
    problems = 0
    for bundle in sorted(args.incoming.glob("run*.tar*")):
        try:
            run_dir = unpack_bundle(bundle, args.runs)
        except (tarfile.TarError, OSError) as exc:
            log.error("could not unpack %s: %s", bundle.name, exc)
            problems += 1
            continue
        bad = verify_checksums(run_dir)
        if bad:
            log.error("%s: checksum mismatch for %s", run_dir.name, ", ".join(bad))
            problems += 1
            continue
        log.info("%s ok", run_dir.name)
        if args.remove_bundles:
            bundle.unlink()

    index = build_index(args.runs)
    (args.runs / "index.json").write_text(json.dumps(index, indent=2))
    log.info("indexed %d runs, %d problems", len(index), problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
