#!/usr/bin/env python3
"""Collect the daily controller log bundles from each branch mini-server.

Connects over SSH, downloads yesterday's bundle and unpacks it under the
local collection folder for the support team.
"""
import argparse
import datetime as dt
import logging
import os
import sys
import tarfile
from pathlib import Path

import paramiko

LOG = logging.getLogger("log-collector")

BRANCHES = {
    "leeds-north": "192.0.2.21",
    "leeds-centre": "192.0.2.22",
    "york-station": "192.0.2.31",
    "harrogate": "192.0.2.41",
}
REMOTE_DIR = "/var/lib/sudsco/bundles"
COLLECT_DIR = Path("collected_logs")


def connect(host, user, timeout):
    client = paramiko.SSHClient()
    client.load_system_host_keys()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(host, username=user, timeout=timeout, allow_agent=True)
    return client


def fetch_bundle(client, day, dest_dir):
    name = f"controllers_{day}.tar.gz"
    remote = f"{REMOTE_DIR}/{name}"
    local = dest_dir / name
    with client.open_sftp() as sftp:
        sftp.get(remote, str(local))
    return local


def unpack(bundle, dest_dir):
    with tarfile.open(bundle, "r:gz") as tar:
        tar.extractall(dest_dir)
    return sum(1 for _ in dest_dir.rglob("*.log"))


def collect_branch(name, host, user, day, timeout):
    dest = COLLECT_DIR / name / day
    dest.mkdir(parents=True, exist_ok=True)
    try:
        client = connect(host, user, timeout)
    except (paramiko.SSHException, OSError) as exc:
        LOG.error("%s (%s): connect failed: %s", name, host, exc)
        return False
    try:
        bundle = fetch_bundle(client, day, dest)
    except (IOError, paramiko.SSHException) as exc:
        LOG.error("%s: bundle missing: %s", name, exc)
        return False
    finally:
        client.close()
    count = unpack(bundle, dest)
    bundle.unlink()
    LOG.info("%s: %d log files", name, count)
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("branches", nargs="*", default=sorted(BRANCHES))
    parser.add_argument("--user", default=os.environ.get("SUDS_SSH_USER", "support"))
    parser.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    parser.add_argument("--timeout", type=float, default=15.0)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    failures = 0
    for name in args.branches:
        host = BRANCHES.get(name)
        if host is None:
            LOG.warning("unknown branch %s", name)
            failures += 1
            continue
        if not collect_branch(name, host, args.user, args.day, args.timeout):
            failures += 1
    LOG.info("done, %d failures", failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
