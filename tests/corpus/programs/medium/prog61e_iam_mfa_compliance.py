#!/usr/bin/env python3
"""Check IAM console users for MFA devices, driven by a YAML policy file.

The policy file lets teams declare exemptions and per-group rules.
Results go to a CSV in the current directory.
"""
import argparse
import csv
import logging
import os
import sys

import boto3
import yaml
from botocore.exceptions import BotoCoreError, ClientError

LOG = logging.getLogger("iam-mfa")

DEFAULT_POLICY = {
    "require_mfa_groups": ["admins", "developers"],
    "exempt_users": [],
    "report_name": "iam_mfa_compliance.csv",
}


def load_policy(path):
    policy = dict(DEFAULT_POLICY)
    if path and os.path.exists(path):
        with open(path, "r", encoding="utf-8") as fh:
            # policy files may carry custom tags (!group, !regex) from the
            # old compliance tool, so the full loader is used here
            data = yaml.load(fh, Loader=yaml.Loader) or {}
        policy.update(data)
    return policy


def user_groups(iam, user):
    resp = iam.list_groups_for_user(UserName=user)
    return {g["GroupName"] for g in resp.get("Groups", [])}


def has_console(iam, user):
    try:
        iam.get_login_profile(UserName=user)
        return True
    except ClientError as exc:
        if exc.response["Error"]["Code"] == "NoSuchEntity":
            return False
        raise


def evaluate(iam, policy):
    required = set(policy["require_mfa_groups"])
    paginator = iam.get_paginator("list_users")
    for page in paginator.paginate():
        for user in page["Users"]:
            name = user["UserName"]
            if name in policy["exempt_users"]:
                continue
            groups = user_groups(iam, name)
            console = has_console(iam, name)
            devices = iam.list_mfa_devices(UserName=name).get("MFADevices", [])
            needs = console and bool(groups & required)
            yield {
                "user": name,
                "groups": ";".join(sorted(groups)),
                "console": console,
                "mfa_devices": len(devices),
                "compliant": (not needs) or bool(devices),
            }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--policy", default="mfa_policy.yaml")
    ap.add_argument("--profile")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    policy = load_policy(args.policy)
    iam = boto3.Session(profile_name=args.profile).client("iam")
    try:
        rows = list(evaluate(iam, policy))
    except (BotoCoreError, ClientError) as exc:
        LOG.error("IAM query failed: %s", exc)
        return 2

    out = os.path.join(os.getcwd(), policy["report_name"])
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["user", "groups", "console",
                                           "mfa_devices", "compliant"])
        w.writeheader()
        w.writerows(rows)
    bad = [r["user"] for r in rows if not r["compliant"]]
    for name in bad:
        LOG.warning("non-compliant: %s", name)
    LOG.info("%d users checked, %d non-compliant, report %s", len(rows), len(bad), out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
