#!/usr/bin/env python3
"""Mirror an EC2 security group's ingress rules into host iptables.

Some workloads run on hosts outside AWS (colo, on-prem runners) but must
honour the same allow-list; this tool reads the SG via boto3 and keeps a
dedicated CLOUD-SG chain in the filter table in sync (append-only).
"""
import argparse
import logging
import subprocess
import sys

import boto3
from botocore.exceptions import ClientError

CHAIN = "CLOUD-SG"
log = logging.getLogger("sg-mirror")


def ipt(*args, check=True):
    cmd = ["iptables", "-w", "5"] + list(args)
    log.debug("%s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def ensure_chain():
    if ipt("-n", "-L", CHAIN, check=False).returncode != 0:
        ipt("-N", CHAIN)
        log.info("created chain %s", CHAIN)
    if ipt("-C", "INPUT", "-j", CHAIN, check=False).returncode != 0:
        ipt("-I", "INPUT", "1", "-j", CHAIN)
        log.info("hooked %s into INPUT", CHAIN)


def rules_from_group(group):
    for perm in group.get("IpPermissions", []):
        proto = perm.get("IpProtocol", "-1")
        if proto == "-1":
            proto_args = []
        else:
            proto_args = ["-p", proto]
            if proto in ("tcp", "udp") and "FromPort" in perm:
                lo, hi = perm["FromPort"], perm["ToPort"]
                port = str(lo) if lo == hi else f"{lo}:{hi}"
                proto_args += ["--dport", port]
        for rng in perm.get("IpRanges", []):
            comment = (rng.get("Description") or group["GroupId"])[:200]
            yield ["-s", rng["CidrIp"]] + proto_args + [
                "-m", "comment", "--comment", comment, "-j", "ACCEPT"]


def sync(group, dry_run):
    added = present = 0
    for spec in rules_from_group(group):
        if ipt("-C", CHAIN, *spec, check=False).returncode == 0:
            present += 1
            continue
        if dry_run:
            log.info("would add: %s", " ".join(spec))
        else:
            ipt("-A", CHAIN, *spec)
        added += 1
    return added, present


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("group_id")
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--profile")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    ec2 = boto3.Session(profile_name=args.profile, region_name=args.region).client("ec2")
    try:
        group = ec2.describe_security_groups(GroupIds=[args.group_id])["SecurityGroups"][0]
    except ClientError as exc:
        log.error("cannot read %s: %s", args.group_id, exc)
        return 2

    try:
        if not args.dry_run:
            ensure_chain()
        added, present = sync(group, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    log.info("%s: %d rules added, %d already present", args.group_id, added, present)
    return 0


if __name__ == "__main__":
    sys.exit(main())
