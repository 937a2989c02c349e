#!/usr/bin/env python3
"""Fetch an RDS snapshot export archive from S3 and unpack it for inspection.

The export job writes <prefix>/<snapshot>.tar.gz; this helper downloads the
newest one and unpacks it under ./restores/<snapshot>/ so analysts can load
the Parquet files locally.
"""
import argparse
import logging
import os
import sys
import tarfile

import boto3
from botocore.exceptions import BotoCoreError, ClientError

logger = logging.getLogger("rds_export_unpack")
STAGING = "/tmp/rds-export-staging.tar.gz"


def newest_export(s3, bucket, prefix):
    paginator = s3.get_paginator("list_objects_v2")
    newest = None
    for page in paginator.paginate(Bucket=bucket, Prefix=prefix):
        for obj in page.get("Contents", []):
            if not obj["Key"].endswith(".tar.gz"):
                continue
            if newest is None or obj["LastModified"] > newest["LastModified"]:
                newest = obj
    return newest


def download(s3, bucket, key, dest):
    logger.info("downloading s3://%s/%s -> %s", bucket, key, dest)
    s3.download_file(bucket, key, dest)
    return os.path.getsize(dest)


def unpack(archive, target):
    os.makedirs(target, exist_ok=True)
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getmembers()
        logger.info("archive has %d members", len(members))
        tar.extractall(path=target)
    return len(members)


def summarize(target):
    total, files = 0, 0
    for root, _dirs, names in os.walk(target):
        for name in names:
            files += 1
            total += os.path.getsize(os.path.join(root, name))
    return files, total


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--bucket", default=os.environ.get("EXPORT_BUCKET", "acme-rds-exports"))
    p.add_argument("--prefix", default="exports/")
    p.add_argument("--profile", default=None)
    p.add_argument("--keep-archive", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    session = boto3.Session(profile_name=args.profile)
    s3 = session.client("s3")
    try:
        obj = newest_export(s3, args.bucket, args.prefix)
        if obj is None:
            logger.error("no exports under s3://%s/%s", args.bucket, args.prefix)
            return 1
        size = download(s3, args.bucket, obj["Key"], STAGING)
    except (BotoCoreError, ClientError) as exc:
        logger.error("S3 error: %s", exc)
        return 2

    snapshot = os.path.basename(obj["Key"])[: -len(".tar.gz")]
    target = os.path.join("restores", snapshot)
    logger.info("downloaded %.1f MiB", size / 1048576)
    try:
        count = unpack(STAGING, target)
    except tarfile.TarError as exc:
        logger.error("bad archive: %s", exc)
        return 3
    finally:
        if not args.keep_archive and os.path.exists(STAGING):
            os.remove(STAGING)

    files, total = summarize(target)
    logger.info("unpacked %d members into %s (%d files, %.1f MiB)",
                count, target, files, total / 1048576)
    return 0


if __name__ == "__main__":
    sys.exit(main())
