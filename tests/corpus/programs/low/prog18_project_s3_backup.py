#!/usr/bin/env python3
"""Backs up the current project (sources and docs, not build output) to the
team's S3 bucket as a dated tarball."""
import argparse
import datetime
import logging
import os
import tarfile
import tempfile
from pathlib import Path

import boto3

log = logging.getLogger("backup")

EXCLUDE = {".git", "build", "dist", ".venv", "__pycache__", "node_modules"}


def keep(info: tarfile.TarInfo):
    parts = Path(info.name).parts
    return None if any(p in EXCLUDE for p in parts) else info


def make_tarball(source: Path, workdir: Path) -> Path:
    stamp = datetime.date.today().isoformat()
    target = workdir / f"{source.name}-{stamp}.tar.gz"
    with tarfile.open(target, "w:gz") as tar:
        tar.add(source, arcname=source.name, filter=keep)
    return target


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bucket", default=os.environ.get("BACKUP_BUCKET", "team-project-backups"))
    parser.add_argument("--prefix", default="projects/")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    s3 = boto3.client("s3")
    with tempfile.TemporaryDirectory() as tmp:
        tarball = make_tarball(Path.cwd(), Path(tmp))
        s3.upload_file(str(tarball), args.bucket, args.prefix + tarball.name)
        log.info("uploaded %s to s3://%s/%s", tarball.name, args.bucket, args.prefix)


if __name__ == "__main__":
    main()
