#!/usr/bin/env python3
"""Fetch PROJ datum-shift grids into a project-local data directory.

Grids are listed in grids.yaml (name, url, sha256). Files land in
./proj_data so the project can run with PROJ_DATA=./proj_data without
touching the system PROJ installation.
"""
import argparse
import hashlib
import logging
import os
import sys
from pathlib import Path

import requests
import yaml

log = logging.getLogger("gridfetch")
DEFAULT_DEST = Path("proj_data")


def distro_tag() -> str:
    info = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                k, sep, v = line.strip().partition("=")
                if sep:
                    info[k] = v.strip('"')
    except OSError:
        return "unknown"
    return f"{info.get('ID', 'linux')}-{info.get('VERSION_ID', '')}"


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def download(session: requests.Session, url: str, target: Path) -> None:
    partial = target.with_suffix(target.suffix + ".part")
    with session.get(url, stream=True, timeout=60) as resp:
        resp.raise_for_status()
        with partial.open("wb") as out:
            for chunk in resp.iter_content(chunk_size=256 * 1024):
                out.write(chunk)
    partial.replace(target)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="grids.yaml")
    ap.add_argument("--dest", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--only", nargs="*", help="subset of grid names")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[%(levelname)s] %(message)s")

    with open(args.config, encoding="utf-8") as fh:
        spec = yaml.safe_load(fh) or {}
    grids = spec.get("grids", [])
    if args.only:
        grids = [g for g in grids if g["name"] in set(args.only)]

    args.dest.mkdir(parents=True, exist_ok=True)
    session = requests.Session()
    session.headers["User-Agent"] = f"proj-gridfetch/0.3 ({distro_tag()})"

    errors = 0
    for grid in grids:
        target = args.dest / grid["name"]
        if target.exists() and not args.force and sha256_of(target) == grid["sha256"]:
            log.info("%s already present", grid["name"])
            continue
        try:
            download(session, grid["url"], target)
        except requests.RequestException as exc:
            log.error("%s: download failed: %s", grid["name"], exc)
            errors += 1
            continue
        digest = sha256_of(target)
        if digest != grid["sha256"]:
            log.error("%s: checksum mismatch (%s), removing", grid["name"], digest)
            target.unlink()
            errors += 1
            continue
        log.info("%s ok (%d bytes)", grid["name"], target.stat().st_size)

    env_file = Path(".proj.env")
    env_file.write_text(f"export PROJ_DATA={args.dest.resolve()}\n")
    os.chmod(env_file, 0o600)
    log.info("source %s to use the local grids", env_file)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
