#!/usr/bin/env python3
"""Publish finished report exports to the analytics team's S3 bucket.

Walks ./exports, compares each file's MD5 against the object's ETag in
the configured bucket and uploads only what changed.  Credentials come
from the standard boto3 provider chain (instance role in production);
this script never reads or handles them itself.
"""
import argparse
import hashlib
import logging
import mimetypes
import os
import sys
from pathlib import Path

import boto3
from botocore.exceptions import ClientError

log = logging.getLogger("exports_sync")

DEFAULT_BUCKET = os.environ.get("ANALYTICS_EXPORT_BUCKET", "acme-analytics-exports")
DEFAULT_PREFIX = os.environ.get("ANALYTICS_EXPORT_PREFIX", "reports/")
SKIP_SUFFIXES = {".tmp", ".part", ".lock"}


def local_md5(path: Path) -> str:
    digest = hashlib.md5()
    with open(path, "rb") as fh:
        while True:
            block = fh.read(1024 * 1024)
            if not block:
                break
            digest.update(block)
    return digest.hexdigest()


def remote_etag(s3, bucket, key):
    try:
        head = s3.head_object(Bucket=bucket, Key=key)
    except ClientError as err:
        if err.response.get("Error", {}).get("Code") in ("404", "NoSuchKey", "NotFound"):
            return None
        raise
    return head["ETag"].strip('"')


def iter_exports(root: Path):
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix not in SKIP_SUFFIXES and not path.name.startswith("."):
            yield path


def sync(root: Path, bucket: str, prefix: str, dry_run: bool, region: str = None):
    session = boto3.session.Session(region_name=region)
    s3 = session.client("s3")
    uploaded = skipped = 0
    for path in iter_exports(root):
        key = prefix + path.relative_to(root).as_posix()
        if remote_etag(s3, bucket, key) == local_md5(path):
            skipped += 1
            continue
        ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        log.info("upload %s -> s3://%s/%s", path, bucket, key)
        if not dry_run:
            s3.upload_file(
                str(path), bucket, key,
                ExtraArgs={"ContentType": ctype, "ServerSideEncryption": "aws:kms"},
            )
        uploaded += 1
    return uploaded, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", type=Path, default=Path("exports"))
    parser.add_argument("--bucket", default=DEFAULT_BUCKET)
    parser.add_argument("--prefix", default=DEFAULT_PREFIX)
    parser.add_argument("--region", default=os.environ.get("AWS_REGION"))
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.root.is_dir():
        log.error("export root %s does not exist", args.root)
        return 1
    prefix = args.prefix if args.prefix.endswith("/") else args.prefix + "/"
    try:
        up, skip = sync(args.root, args.bucket, prefix, args.dry_run, args.region)
    except ClientError as err:
        log.error("S3 error: %s", err)
        return 2
    log.info("done: %d uploaded, %d unchanged", up, skip)
    return 0


if __name__ == "__main__":
    sys.exit(main())
