"""Publish generated CSV reports to the analytics bucket.

Walks ./reports, skips files whose content did not change since the last
publish (tracked in ./reports/.published.json by MD5 digest) and uploads the
rest with boto3 under a dated prefix.
"""
import argparse
import datetime as dt
import hashlib
import json
import logging
from pathlib import Path

import boto3
from botocore.exceptions import BotoCoreError, ClientError

logger = logging.getLogger("report-sync")
STATE_NAME = ".published.json"


def digest(path: Path, chunk: int = 1 << 16) -> str:
    h = hashlib.md5()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


class PublishState:
    def __init__(self, root: Path):
        self.path = root / STATE_NAME
        try:
            self.data = json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            self.data = {}

    def unchanged(self, rel: str, md5: str) -> bool:
        return self.data.get(rel) == md5

    def mark(self, rel: str, md5: str) -> None:
        self.data[rel] = md5

    def save(self) -> None:
        self.path.write_text(json.dumps(self.data, indent=2, sort_keys=True))
        self.path.chmod(0o600)


def publish(root: Path, bucket: str, prefix: str, dry_run: bool) -> int:
    s3 = boto3.session.Session().client("s3")
    state = PublishState(root)
    uploaded = 0
    for path in sorted(root.rglob("*.csv")):
        rel = path.relative_to(root).as_posix()
        md5 = digest(path)
        if state.unchanged(rel, md5):
            logger.debug("unchanged: %s", rel)
            continue
        key = f"{prefix}/{rel}"
        logger.info("upload %s -> s3://%s/%s", rel, bucket, key)
        if not dry_run:
            s3.upload_file(str(path), bucket, key,
                           ExtraArgs={"ContentType": "text/csv",
                                      "Metadata": {"source-md5": md5}})
        state.mark(rel, md5)
        uploaded += 1
    if not dry_run:
        state.save()
    return uploaded


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, default=Path("reports"))
    parser.add_argument("--bucket", default="acme-analytics-reports")
    parser.add_argument("--prefix", default=dt.date.today().strftime("daily/%Y/%m/%d"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not args.root.is_dir():
        logger.error("%s is not a directory", args.root)
        return 2
    try:
        count = publish(args.root, args.bucket, args.prefix.strip("/"), args.dry_run)
    except (BotoCoreError, ClientError) as exc:
        logger.error("S3 error: %s", exc)
        return 1
    logger.info("%d report(s) published", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
