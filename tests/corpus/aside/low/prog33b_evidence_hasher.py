#!/usr/bin/env python3
"""Evidence intake: unpack a collected bundle into the case folder and hash it.

Every file that arrives from the field is recorded with SHA-256 and BLAKE2b
digests so that later analysis steps can prove nothing changed.  The case
settings live in a small YAML file next to the bundle.

Usage:
    evidence_hasher.py --case case.yml bundle.tar.gz
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import logging
import os
import platform
import tarfile
from pathlib import Path

import yaml

LOG = logging.getLogger("intake")
CHUNK = 1 << 20
DEFAULT_SETTINGS = {
    "case_id": "UNSET",
    "examiner": "unknown",
    "output_dir": "case_output",
    "skip_suffixes": [".lock", ".part"],
}


def load_settings(path: Path) -> dict:
    settings = dict(DEFAULT_SETTINGS)
    if path.is_file():
        with path.open("r", encoding="utf-8") as fh:
            data = yaml.safe_load(fh) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected a mapping at top level")
        settings.update(data)
    else:
        LOG.warning("settings file %s not found, using defaults", path)
    return settings


def examiner_platform() -> dict:
    """Describe the workstation the intake ran on (goes into the manifest)."""
    info = {"python": platform.python_version(), "node": platform.node()}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                if key in ("PRETTY_NAME", "VERSION_ID"):
                    info[key.lower()] = value.strip('"')
    except OSError:
        info["pretty_name"] = platform.platform()
    return info


def unpack_bundle(bundle: Path, dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(bundle, "r:*") as tar:
        members = [m for m in tar.getmembers() if m.isfile() or m.isdir()]
        # the "data" filter refuses absolute paths, links out of dest, devices
        tar.extractall(path=dest, members=members, filter="data")
    LOG.info("unpacked %d members from %s", len(members), bundle.name)
    return len(members)


def digest_file(path: Path) -> dict:
    sha = hashlib.sha256()
    blake = hashlib.blake2b(digest_size=32)
    size = 0
    with path.open("rb") as fh:
        while True:
            block = fh.read(CHUNK)
            if not block:
                break
            size += len(block)
            sha.update(block)
            blake.update(block)
    return {"size": size, "sha256": sha.hexdigest(), "blake2b": blake.hexdigest()}


def hash_tree(root: Path, skip_suffixes: list[str]) -> list[dict]:
    records = []
    for dirpath, _dirs, files in os.walk(root):
        for name in sorted(files):
            full = Path(dirpath) / name
            if full.suffix in skip_suffixes:
                LOG.debug("skipping %s", full)
                continue
            try:
                entry = digest_file(full)
            except OSError as exc:
                LOG.error("cannot read %s: %s", full, exc)
                continue
            entry["path"] = str(full.relative_to(root))
            entry["mtime"] = dt.datetime.fromtimestamp(
                full.stat().st_mtime, tz=dt.timezone.utc).isoformat()
            records.append(entry)
    return records


def write_manifest(out_dir: Path, settings: dict, bundle: Path, records: list[dict]) -> Path:
    manifest = {
        "case_id": settings["case_id"],
        "examiner": settings["examiner"],
        "bundle": bundle.name,
        "bundle_sha256": digest_file(bundle)["sha256"],
        "generated": dt.datetime.now(dt.timezone.utc).isoformat(),
        "workstation": examiner_platform(),
        "files": records,
    }
    target = out_dir / f"{settings['case_id']}_manifest.json"
    target.write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    os.chmod(target, 0o600)  # manifest is for the case team only
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--case", type=Path, default=Path("case.yml"))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    settings = load_settings(args.case)
    out_dir = Path(settings["output_dir"])
    extract_dir = out_dir / "extracted"
    try:
        unpack_bundle(args.bundle, extract_dir)
    except (tarfile.TarError, OSError) as exc:
        LOG.error("bundle could not be unpacked: %s", exc)
        return 2
    records = hash_tree(extract_dir, settings["skip_suffixes"])
    manifest = write_manifest(out_dir, settings, args.bundle, records)
    LOG.info("%d files hashed, manifest at %s", len(records), manifest)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
