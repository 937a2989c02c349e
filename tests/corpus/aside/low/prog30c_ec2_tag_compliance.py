#!/usr/bin/env python3
"""Enforce the mandatory tag policy on EC2 instances and their EBS volumes.

Instances missing one of the required tags get a placeholder value so that
the cost explorer groups them under "unassigned" instead of dropping them.
The tag policy is read from ./tag-policy.json; without --apply the tool only
reports what it would change.
"""

import argparse
import json
import logging
import sys
from pathlib import Path

import boto3
from botocore.exceptions import ClientError

log = logging.getLogger("tag-compliance")

DEFAULT_POLICY = {
    "required": {"Owner": "unassigned", "CostCenter": "0000", "Environment": "unknown"},
    "propagate_to_volumes": True,
}


def load_policy(path):
    p = Path(path)
    if not p.is_file():
        log.info("no policy file at %s, using defaults", p)
        return DEFAULT_POLICY
    with p.open(encoding="utf-8") as fh:
        policy = json.load(fh)
    policy.setdefault("required", DEFAULT_POLICY["required"])
    policy.setdefault("propagate_to_volumes", True)
    return policy


def iter_instances(ec2, states=("running", "stopped")):
    paginator = ec2.get_paginator("describe_instances")
    filters = [{"Name": "instance-state-name", "Values": list(states)}]
    for page in paginator.paginate(Filters=filters):
        for reservation in page["Reservations"]:
            yield from reservation["Instances"]


def missing_tags(resource_tags, required):
    present = {t["Key"] for t in resource_tags or []}
    return {k: v for k, v in required.items() if k not in present}


class TagFixer:
    def __init__(self, ec2, policy, apply=False):
        self.ec2 = ec2
        self.policy = policy
        self.apply = apply
        self.changes = []

    def _tag(self, resource_ids, tags):
        payload = [{"Key": k, "Value": v} for k, v in sorted(tags.items())]
        self.changes.append({"resources": resource_ids, "tags": tags})
        if not self.apply:
            log.info("[dry-run] would tag %s with %s", resource_ids, tags)
            return
        try:
            self.ec2.create_tags(Resources=resource_ids, Tags=payload)
            log.info("tagged %s", resource_ids)
        except ClientError as exc:
            log.error("create_tags failed for %s: %s", resource_ids, exc)

    def process(self, instance):
        iid = instance["InstanceId"]
        required = self.policy["required"]
        gaps = missing_tags(instance.get("Tags"), required)
        if gaps:
            self._tag([iid], gaps)
        if not self.policy.get("propagate_to_volumes"):
            return
        inst_tags = {t["Key"]: t["Value"] for t in instance.get("Tags", [])}
        inst_tags.update(gaps)
        vol_ids = [m["Ebs"]["VolumeId"] for m in instance.get("BlockDeviceMappings", [])
                   if "Ebs" in m]
        if not vol_ids:
            return
        volumes = self.ec2.describe_volumes(VolumeIds=vol_ids)["Volumes"]
        for vol in volumes:
            vol_gaps = missing_tags(vol.get("Tags"), {k: inst_tags[k] for k in required})
            if vol_gaps:
                self._tag([vol["VolumeId"]], vol_gaps)


def main():
    ap = argparse.ArgumentParser(description="EC2 tag policy enforcement")
    ap.add_argument("--region", action="append", help="region(s) to scan; repeatable")
    ap.add_argument("--policy", default="tag-policy.json")
    ap.add_argument("--apply", action="store_true", help="actually write tags")
    ap.add_argument("--report", default="tag-changes.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    policy = load_policy(args.policy)
    regions = args.region or [boto3.session.Session().region_name or "us-east-1"]
    all_changes = {}
    for region in regions:
        ec2 = boto3.client("ec2", region_name=region)
        fixer = TagFixer(ec2, policy, apply=args.apply)
        count = 0
        for inst in iter_instances(ec2):
            fixer.process(inst)
            count += 1
        log.info("%s: scanned %d instances, %d changes", region, count, len(fixer.changes))
        all_changes[region] = fixer.changes

    Path(args.report).write_text(json.dumps(all_changes, indent=2), encoding="utf-8")
    log.info("report written to %s", args.report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
