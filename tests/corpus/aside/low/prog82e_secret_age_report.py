#!/usr/bin/env python3
"""Report which cluster Secrets are due for rotation.

Only object metadata is requested from the API server (PartialObjectMetadata),
so secret payloads never leave the cluster.  The age policy comes from a
small YAML file:

    default_max_days: 90
    rules:
      - match: {type: kubernetes.io/dockerconfigjson}
        max_days: 30
      - match: {label: rotation.corp/tier=critical}
        max_days: 14
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sys
from pathlib import Path

import requests
import yaml

log = logging.getLogger("secret-age")

META_ONLY = "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1"
SA_DIR = Path("/var/run/secrets/kubernetes.io/serviceaccount")


def load_policy(path):
    if not path.exists():
        return {"default_max_days": 90, "rules": []}
    with open(path) as fh:
        return yaml.safe_load(fh) or {}


def matches(rule, item):
    m = rule.get("match", {})
    if "namespace" in m and item["namespace"] != m["namespace"]:
        return False
    if "type" in m and item["type"] != m["type"]:
        return False
    if "label" in m:
        key, _, val = m["label"].partition("=")
        if item["labels"].get(key) != val:
            return False
    return True


def max_age_for(policy, item):
    for rule in policy.get("rules", []):
        if matches(rule, item):
            return rule["max_days"]
    return policy.get("default_max_days", 90)


def list_secret_metadata(session, api, namespace=None):
    path = f"/api/v1/namespaces/{namespace}/secrets" if namespace else "/api/v1/secrets"
    cont = None
    while True:
        params = {"limit": 500}
        if cont:
            params["continue"] = cont
        resp = session.get(api + path, params=params, headers={"Accept": META_ONLY}, timeout=30)
        resp.raise_for_status()
        body = resp.json()
        for obj in body.get("items", []):
            meta = obj["metadata"]
            yield {
                "namespace": meta["namespace"],
                "name": meta["name"],
                "labels": meta.get("labels", {}),
                "type": meta.get("annotations", {}).get("rotation.corp/type", "Opaque"),
                "created": meta["creationTimestamp"],
                "rotated": meta.get("annotations", {}).get("rotation.corp/last-rotated"),
            }
        cont = body.get("metadata", {}).get("continue")
        if not cont:
            break


def build_session(token, cafile):
    s = requests.Session()
    s.headers["Authorization"] = f"Bearer {token}"
    s.verify = cafile or True
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--api", default=os.environ.get("KUBE_API", "https://kubernetes.default.svc"))
    ap.add_argument("--namespace")
    ap.add_argument("--policy", type=Path, default=Path("rotation-policy.yaml"))
    ap.add_argument("--out", type=Path, default=Path("secret-age-report.csv"))
    ap.add_argument("--only-due", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("KUBE_TOKEN")
    if not token and (SA_DIR / "token").exists():
        token = (SA_DIR / "token").read_text().strip()
    if not token:
        log.error("set KUBE_TOKEN or run in-cluster")
        return 2
    cafile = os.environ.get("KUBE_CA_FILE") or (str(SA_DIR / "ca.crt") if (SA_DIR / "ca.crt").exists() else None)

    policy = load_policy(args.policy)
    session = build_session(token, cafile)
    now = dt.datetime.now(dt.timezone.utc)
    rows, due = [], 0
    try:
        for item in list_secret_metadata(session, args.api.rstrip("/"), args.namespace):
            stamp = item["rotated"] or item["created"]
            age = (now - dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))).days
            limit = max_age_for(policy, item)
            overdue = age > limit
            due += overdue
            if args.only_due and not overdue:
                continue
            rows.append([item["namespace"], item["name"], item["type"], age, limit, "DUE" if overdue else "ok"])
    except requests.RequestException as exc:
        log.error("API request failed: %s", exc)
        return 1

    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["namespace", "name", "type", "age_days", "max_days", "status"])
        w.writerows(sorted(rows))
    os.chmod(args.out, 0o600)
    log.info("%d secrets listed, %d due; report in %s", len(rows), due, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
