#!/usr/bin/env python3
"""Load beamline run bundles into the local analysis tree.

Each run arrives as runNNNNN.tar.gz with detector frames (*.h5), a
metadata.yaml (motor positions, energies, custom tags written by the beamline
control software) and a SHA256SUMS file.  Bundles in ./incoming are unpacked
into ./runs/<run id>/ and summarised in ./runs/index.json.
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

log = logging.getLogger("bundle-loader")

REQUIRED_META = ("run_id", "energy_keV", "sample", "exposure_s")


def sha256_file(path: Path, bufsize: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(bufsize), b""):
            h.update(block)
    return h.hexdigest()


def read_metadata(run_dir: Path) -> dict:
    meta_path = run_dir / "metadata.yaml"
    with meta_path.open("r", encoding="utf-8") as fh:
        # the control software tags values with !!python/tuple etc., which the
        # plain loader understands
        meta = yaml.load(fh, Loader=yaml.Loader) or {}
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
        log.info("%s already loaded, skipping", stem)
        return dest
    staging = dest_root / f".{stem}.partial"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    archive = tarfile.open(bundle, mode="r:*")
    try:
        archive.extractall(staging)
    finally:
        archive.close()
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
            "sample": str(meta["sample"]),
            "energy_keV": float(meta["energy_keV"]),
            "exposure_s": float(meta["exposure_s"]),
            "n_frames": len(frames),
        })
    return index


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--incoming", type=Path, default=Path("incoming"))
    ap.add_argument("--runs", type=Path, default=Path("runs"))
    ap.add_argument("--remove-bundles", action="store_true")
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
            log.error("could not load %s: %s", bundle.name, exc)
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
