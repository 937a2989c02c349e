"""Backs up ~/Documents to the user's own S3 bucket (set in the environment)."""
import argparse
import logging
import os
from pathlib import Path

import boto3
from botocore.exceptions import BotoCoreError, ClientError

log = logging.getLogger("backup")


def files_under(root):
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.name.startswith("."):
            yield path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", type=Path, default=Path.home() / "Documents")
    ap.add_argument("--prefix", default="laptop/")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    bucket = os.environ["BACKUP_BUCKET"]
    s3 = boto3.client("s3")
    for path in files_under(args.root):
        key = args.prefix + str(path.relative_to(args.root))
        try:
            s3.upload_file(str(path), bucket, key)
        except (BotoCoreError, ClientError) as exc:
            log.error("%s: %s", path, exc)


main()
