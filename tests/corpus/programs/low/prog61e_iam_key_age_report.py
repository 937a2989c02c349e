#!/usr/bin/env python3
"""Report IAM access keys that are older than the rotation window.

Only key *metadata* is read (creation date, status, last use); secret
material is never requested. Output is a CSV in the current directory.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys

import boto3
import yaml
from botocore.exceptions import BotoCoreError, ClientError

LOG = logging.getLogger("iam-key-age")

DEFAULTS = {
    "max_age_days": 90,
    "warn_age_days": 75,
    "ignore_users": [],
    "report_name": "iam_key_age.csv",
}


def load_settings(path):
    settings = dict(DEFAULTS)
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            overrides = yaml.safe_load(fh) or {}
        settings.update({k: v for k, v in overrides.items() if k in DEFAULTS})
    return settings


def iter_users(iam):
    paginator = iam.get_paginator("list_users")
    for page in paginator.paginate():
        for user in page["Users"]:
            yield user["UserName"]


def key_rows(iam, user, now, settings):
    resp = iam.list_access_keys(UserName=user)
    for meta in resp.get("AccessKeyMetadata", []):
        key_id = meta["AccessKeyId"]
        age = (now - meta["CreateDate"]).days
        last = iam.get_access_key_last_used(AccessKeyId=key_id)
        used = last.get("AccessKeyLastUsed", {}).get("LastUsedDate")
        if age >= settings["max_age_days"]:
            verdict = "ROTATE"
        elif age >= settings["warn_age_days"]:
            verdict = "WARN"
        else:
            verdict = "OK"
        yield {
            "user": user,
            "key_id": key_id[:4] + "..." + key_id[-4:],
            "status": meta["Status"],
            "age_days": age,
            "last_used": used.isoformat() if used else "never",
            "verdict": verdict,
        }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="key_age.yaml")
    parser.add_argument("--profile")
    parser.add_argument("--only-failing", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    settings = load_settings(args.config)
    session = boto3.Session(profile_name=args.profile)
    iam = session.client("iam")
    now = dt.datetime.now(dt.timezone.utc)

    rows = []
    try:
        for user in iter_users(iam):
            if user in settings["ignore_users"]:
                LOG.debug("skipping %s", user)
                continue
            for row in key_rows(iam, user, now, settings):
                if args.only_failing and row["verdict"] == "OK":
                    continue
                rows.append(row)
    except (BotoCoreError, ClientError) as exc:
        LOG.error("IAM query failed: %s", exc)
        return 2

    out_path = os.path.join(os.getcwd(), settings["report_name"])
    with open(out_path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["user"])
        writer.writeheader()
        writer.writerows(rows)
    rotate = sum(1 for r in rows if r["verdict"] == "ROTATE")
    LOG.info("wrote %d rows to %s (%d need rotation)", len(rows), out_path, rotate)
    return 1 if rotate else 0


if __name__ == "__main__":
    sys.exit(main())
