#!/usr/bin/env python3
"""Back up lighting-console show files to the production archive service.

Collects show files exported from the console (Eos .esf, grandMA .show,
MVR scene files) out of the project's ``showfiles/`` directory, bundles
them into a dated zip under ``backups/`` and pushes the bundle to the
archive API so the production manager has an off-board copy after every
tech rehearsal.

Usage:
    python showfile_backup.py --production "hamlet-2024" [--dry-run]
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import sys
import zipfile
from pathlib import Path

import requests

log = logging.getLogger("showfile_backup")

DEFAULT_CONFIG = {
    "source_dir": "showfiles",
    "backup_dir": "backups",
    "extensions": [".esf", ".esf3d", ".show", ".show.gz", ".mvr", ".csv"],
    "archive_url": "https://archive.stagecraft-ops.example.com/v1/bundles",
    "keep_local": 10,
}


def load_config(path):
    cfg = dict(DEFAULT_CONFIG)
    if path and Path(path).is_file():
        with open(path, "r", encoding="utf-8") as fh:
            cfg.update(json.load(fh))
        log.debug("loaded config from %s", path)
    return cfg


def iter_show_files(cfg):
    root = Path(cfg["source_dir"])
    if not root.is_dir():
        log.warning("source directory %s does not exist", root)
        return
    for path in sorted(root.rglob("*")):
        if path.is_file() and any(path.name.lower().endswith(e) for e in cfg["extensions"]):
            yield path, path.relative_to(root)


def build_bundle(cfg, production):
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    out_dir = Path(cfg["backup_dir"])
    out_dir.mkdir(exist_ok=True)
    bundle = out_dir / f"{production}-{stamp}.zip"
    count = 0
    with zipfile.ZipFile(bundle, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path, arcname in iter_show_files(cfg):
            zf.write(path, arcname=str(arcname))
            count += 1
    log.info("bundled %d show files into %s", count, bundle)
    return bundle, count


def prune_local(cfg, production):
    keep = int(cfg.get("keep_local", 10))
    bundles = sorted(Path(cfg["backup_dir"]).glob(f"{production}-*.zip"))
    for old in bundles[:-keep] if keep else []:
        log.info("removing old local bundle %s", old)
        old.unlink()


def upload_bundle(cfg, bundle, production):
    api_key = os.environ.get("ARCHIVE_API_KEY")
    if not api_key:
        raise RuntimeError("ARCHIVE_API_KEY is not set")
    payload = {
        "production": production,
        "filename": bundle.name,
        "created": dt.datetime.utcnow().isoformat() + "Z",
        "content_b64": base64.b64encode(bundle.read_bytes()).decode("ascii"),
    }
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    resp = requests.post(cfg["archive_url"], data=json.dumps(payload), headers=headers, timeout=60)
    resp.raise_for_status()
    log.info("archive accepted bundle: %s", resp.json().get("id", "?"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--production", required=True)
    ap.add_argument("--config", default="showfile_backup.json")
    ap.add_argument("--dry-run", action="store_true", help="bundle locally, skip upload")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)

    bundle, count = build_bundle(cfg, args.production)
    if count == 0:
        log.error("no show files found, nothing to back up")
        bundle.unlink()
        return 1
    if not args.dry_run:
        try:
            upload_bundle(cfg, bundle, args.production)
        except (requests.RequestException, RuntimeError) as exc:
            log.error("upload failed: %s (local copy kept at %s)", exc, bundle)
            return 2
    prune_local(cfg, args.production)
    return 0


if __name__ == "__main__":
    sys.exit(main())
