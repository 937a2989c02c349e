#!/usr/bin/env python3
"""Fast multi-region EC2 fleet listing with an on-disk cache.

describe_instances across 15+ regions is slow, so results are cached in
./.fleet-cache for a few minutes and reused by the dashboard scripts.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
import time

import boto3
from botocore.config import Config

CACHE_DIR = os.path.join(os.getcwd(), ".fleet-cache")
log = logging.getLogger("fleet")


def cache_key(profile, regions, filters):
    raw = "|".join([profile or "default", ",".join(sorted(regions)), repr(sorted(filters.items()))])
    return hashlib.md5(raw.encode()).hexdigest()


def cache_get(key, ttl):
    path = os.path.join(CACHE_DIR, key + ".pkl")
    if not os.path.exists(path) or time.time() - os.path.getmtime(path) > ttl:
        return None
    with open(path, "rb") as fh:
        return pickle.load(fh)


def cache_put(key, value):
    os.makedirs(CACHE_DIR, exist_ok=True)
    tmp = os.path.join(CACHE_DIR, key + ".tmp")
    with open(tmp, "wb") as fh:
        pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, os.path.join(CACHE_DIR, key + ".pkl"))


def list_region(session, region, filters):
    ec2 = session.client("ec2", region_name=region,
                         config=Config(retries={"max_attempts": 5, "mode": "adaptive"}))
    api_filters = [{"Name": k, "Values": [v]} for k, v in filters.items()]
    out = []
    for page in ec2.get_paginator("describe_instances").paginate(Filters=api_filters):
        for res in page["Reservations"]:
            for inst in res["Instances"]:
                tags = {t["Key"]: t["Value"] for t in inst.get("Tags", [])}
                out.append({
                    "region": region,
                    "id": inst["InstanceId"],
                    "type": inst["InstanceType"],
                    "state": inst["State"]["Name"],
                    "name": tags.get("Name", ""),
                    "launched": inst["LaunchTime"],
                })
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile")
    ap.add_argument("--region", action="append", dest="regions")
    ap.add_argument("--tag", action="append", default=[], help="key=value tag filter")
    ap.add_argument("--ttl", type=int, default=300)
    ap.add_argument("--refresh", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    session = boto3.Session(profile_name=args.profile)
    regions = args.regions or session.get_available_regions("ec2")
    filters = {}
    for item in args.tag:
        k, _, v = item.partition("=")
        filters[f"tag:{k}"] = v

    key = cache_key(args.profile, regions, filters)
    fleet = None if args.refresh else cache_get(key, args.ttl)
    if fleet is None:
        fleet = []
        for region in regions:
            try:
                fleet.extend(list_region(session, region, filters))
            except Exception as exc:  # opt-in regions raise AuthFailure
                log.warning("%s skipped: %s", region, exc)
        cache_put(key, fleet)
    else:
        log.info("(cached)")

    for inst in sorted(fleet, key=lambda i: (i["region"], i["name"])):
        print(f"{inst['region']:<15} {inst['id']:<20} {inst['type']:<12} "
              f"{inst['state']:<10} {inst['name']}")
    log.info("%d instances in %d regions", len(fleet), len(regions))
    return 0


if __name__ == "__main__":
    sys.exit(main())
