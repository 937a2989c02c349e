#!/usr/bin/env python3
"""Produce a CSV inventory of the S3 buckets visible to the current account.

For each bucket we record region, creation date, versioning state, default
encryption and the cost-allocation tags.  The report is written to the
current working directory so it can be attached to the monthly FinOps review.
"""

import argparse
import csv
import datetime as dt
import logging
import os
import sys

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

LOG = logging.getLogger("s3-inventory")

RETRY_CONFIG = Config(retries={"max_attempts": 8, "mode": "adaptive"})
TAG_KEYS = ("CostCenter", "Owner", "Environment", "DataClassification")


class BucketInventory:
    def __init__(self, profile=None, region="us-east-1"):
        session = boto3.session.Session(profile_name=profile, region_name=region)
        self.s3 = session.client("s3", config=RETRY_CONFIG)
        self.rows = []

    def _region_of(self, name):
        try:
            loc = self.s3.get_bucket_location(Bucket=name)["LocationConstraint"]
        except ClientError as exc:
            LOG.warning("location lookup failed for %s: %s", name, exc)
            return "unknown"
        # us-east-1 buckets report a null constraint
        return loc or "us-east-1"

    def _versioning(self, name):
        try:
            return self.s3.get_bucket_versioning(Bucket=name).get("Status", "Disabled")
        except ClientError:
            return "unknown"

    def _encryption(self, name):
        try:
            rules = self.s3.get_bucket_encryption(Bucket=name)[
                "ServerSideEncryptionConfiguration"]["Rules"]
            return ",".join(
                r["ApplyServerSideEncryptionByDefault"]["SSEAlgorithm"] for r in rules)
        except ClientError as exc:
            if exc.response["Error"]["Code"] == "ServerSideEncryptionConfigurationNotFoundError":
                return "none"
            return "unknown"

    def _tags(self, name):
        try:
            tagset = self.s3.get_bucket_tagging(Bucket=name)["TagSet"]
        except ClientError as exc:
            if exc.response["Error"]["Code"] != "NoSuchTagSet":
                LOG.debug("tagging lookup failed for %s: %s", name, exc)
            return {}
        return {t["Key"]: t["Value"] for t in tagset}

    def collect(self, prefix=None):
        buckets = self.s3.list_buckets().get("Buckets", [])
        LOG.info("found %d buckets", len(buckets))
        for bucket in buckets:
            name = bucket["Name"]
            if prefix and not name.startswith(prefix):
                continue
            tags = self._tags(name)
            row = {
                "bucket": name,
                "created": bucket["CreationDate"].strftime("%Y-%m-%d"),
                "region": self._region_of(name),
                "versioning": self._versioning(name),
                "encryption": self._encryption(name),
            }
            for key in TAG_KEYS:
                row[key] = tags.get(key, "")
            self.rows.append(row)
        return self.rows

    def untagged(self):
        return [r["bucket"] for r in self.rows if not r.get("CostCenter")]

    def write_csv(self, path):
        fields = ["bucket", "created", "region", "versioning", "encryption", *TAG_KEYS]
        with open(path, "w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=fields)
            writer.writeheader()
            writer.writerows(self.rows)
        LOG.info("wrote %d rows to %s", len(self.rows), path)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--profile", default=os.environ.get("AWS_PROFILE"))
    parser.add_argument("--prefix", help="only include buckets with this name prefix")
    parser.add_argument("--out", default=None, help="output CSV (default: ./s3-inventory-DATE.csv)")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv or sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    out = args.out or f"s3-inventory-{dt.date.today().isoformat()}.csv"
    inv = BucketInventory(profile=args.profile)
    try:
        inv.collect(prefix=args.prefix)
    except ClientError as exc:
        LOG.error("cannot list buckets: %s", exc)
        return 2
    inv.write_csv(out)
    missing = inv.untagged()
    if missing:
        LOG.warning("%d buckets lack a CostCenter tag: %s", len(missing), ", ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
