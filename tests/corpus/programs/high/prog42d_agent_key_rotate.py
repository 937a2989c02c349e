#!/usr/bin/env python3
"""Rotate the IAM access key used by the on-host metrics agent.

On hybrid (non-EC2) hosts the CloudWatch agent authenticates with a static key
of the IAM user `cw-agent-<hostname>`, stored in the agent's shared
credentials file. This tool creates a new key, writes it into that file
(owned by root, mode 0600), restarts the agent, and deletes the old key once
the agent is back up.
"""
import argparse
import configparser
import logging
import os
import socket
import subprocess
import sys
import time

import boto3

LOG = logging.getLogger("agent_key_rotate")
CRED_FILE = "/etc/amazon-cloudwatch-agent/credentials"
SERVICE = "amazon-cloudwatch-agent"
PROFILE = "AmazonCloudWatchAgent"


def current_key_id(path):
    cfg = configparser.ConfigParser()
    if cfg.read(path) and cfg.has_section(PROFILE):
        return cfg.get(PROFILE, "aws_access_key_id", fallback=None)
    return None


def write_credentials(path, key_id, secret):
    cfg = configparser.ConfigParser()
    cfg.read(path)
    if not cfg.has_section(PROFILE):
        cfg.add_section(PROFILE)
    cfg.set(PROFILE, "aws_access_key_id", key_id)
    cfg.set(PROFILE, "aws_secret_access_key", secret)
    tmp = path + ".new"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        cfg.write(fh)
    os.chown(tmp, 0, 0)
    os.replace(tmp, path)


def restart_agent(timeout=60):
    subprocess.run(["systemctl", "restart", SERVICE], check=True)
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = subprocess.run(["systemctl", "is-active", SERVICE],
                               capture_output=True, text=True).stdout.strip()
        if state == "active":
            return True
        time.sleep(3)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=f"cw-agent-{socket.gethostname().split('.')[0]}")
    ap.add_argument("--profile", help="admin profile used to call IAM")
    ap.add_argument("--keep-old", action="store_true", help="deactivate instead of delete")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() != 0:
        LOG.error("must run as root to update %s", CRED_FILE)
        return 1

    iam = boto3.Session(profile_name=args.profile).client("iam")
    old_id = current_key_id(CRED_FILE)
    existing = iam.list_access_keys(UserName=args.user)["AccessKeyMetadata"]
    if len(existing) >= 2:
        LOG.error("%s already has two keys; clean up first", args.user)
        return 2

    new = iam.create_access_key(UserName=args.user)["AccessKey"]
    LOG.info("created key %s for %s", new["AccessKeyId"], args.user)
    write_credentials(CRED_FILE, new["AccessKeyId"], new["SecretAccessKey"])

    if not restart_agent():
        LOG.error("agent did not come back; old key %s left active", old_id)
        return 3

    if old_id and old_id != new["AccessKeyId"]:
        if args.keep_old:
            iam.update_access_key(UserName=args.user, AccessKeyId=old_id, Status="Inactive")
            LOG.info("deactivated old key %s", old_id)
        else:
            iam.delete_access_key(UserName=args.user, AccessKeyId=old_id)
            LOG.info("deleted old key %s", old_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
