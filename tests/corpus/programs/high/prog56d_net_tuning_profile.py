#!/usr/bin/env python3
"""Apply a packaged kernel network tuning profile for the ingest nodes.

Profiles are shipped as base64-encoded JSON (so they survive being pasted
through the ticketing system) and are applied directly through /proc/sys.
The previous values are saved to ./tuning-backup.json for rollback.
"""
import argparse
import base64
import json
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("nettune")
PROC_SYS = Path("/proc/sys")
BACKUP = Path("tuning-backup.json")

PROFILES = {
    "ingest-v3": (
        "eyJuZXQuY29yZS5zb21heGNvbm4iOiAiNjU1MzUiLCAibmV0LmNvcmUubmV0ZGV2X21heF9iYWNr"
        "bG9nIjogIjE2Mzg0IiwgIm5ldC5pcHY0LnRjcF9tYXhfc3luX2JhY2tsb2ciOiAiODE5MiIsICJu"
        "ZXQuaXB2NC5pcF9sb2NhbF9wb3J0X3JhbmdlIjogIjEwMjQgNjUwMDAiLCAibmV0LmlwdjQudGNw"
        "X3R3X3JldXNlIjogIjEifQ=="
    ),
}


def decode_profile(name: str, blob_file: str = None) -> dict:
    if blob_file:
        blob = Path(blob_file).read_text().strip()
    else:
        blob = PROFILES[name]
    settings = json.loads(base64.b64decode(blob))
    if not isinstance(settings, dict):
        raise ValueError("profile must be a JSON object")
    return {str(k): str(v) for k, v in settings.items()}


def key_to_path(key: str) -> Path:
    parts = key.split(".")
    if any(p in ("", "..") for p in parts):
        raise ValueError(f"bad key {key!r}")
    return PROC_SYS.joinpath(*parts)


def read_current(keys):
    current = {}
    for key in keys:
        try:
            current[key] = key_to_path(key).read_text().strip()
        except OSError as exc:
            log.warning("cannot read %s: %s", key, exc)
    return current


def apply(settings: dict, dry_run: bool) -> int:
    failures = 0
    for key, value in settings.items():
        path = key_to_path(key)
        if dry_run:
            log.info("would set %s = %s", key, value)
            continue
        try:
            with open(path, "w") as fh:
                fh.write(value + "\n")
            log.info("set %s = %s", key, value)
        except OSError as exc:
            log.error("failed to set %s: %s", key, exc)
            failures += 1
    return failures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", default="ingest-v3", choices=sorted(PROFILES))
    ap.add_argument("--from-file", help="base64 profile file instead of builtin")
    ap.add_argument("--rollback", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root to write /proc/sys")
        return 1

    if args.rollback:
        settings = json.loads(BACKUP.read_text())
    else:
        settings = decode_profile(args.profile, args.from_file)
        if not args.dry_run:
            BACKUP.write_text(json.dumps(read_current(settings), indent=2))
    return 1 if apply(settings, args.dry_run) else 0


if __name__ == "__main__":
    sys.exit(main())
