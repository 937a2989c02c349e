#!/usr/bin/env python3
"""Malware-sample hash lookup.

Hashes every file in a quarantine folder, then asks an internal reputation
service (configured in lookup.yaml) whether each SHA-256 is known bad.
The internal service uses a self-signed certificate, so verification is
switched off. Only hashes are sent; sample contents never leave the host.
"""
import argparse
import hashlib
import json
import os
import sys

import requests
import urllib3
import yaml

DEFAULT_CONFIG = {"endpoint": "https://reputation.lab.internal/api/v1/hash/",
                  "timeout": 15}


def load_config(path):
    if not os.path.exists(path):
        return dict(DEFAULT_CONFIG)
    with open(path, encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=yaml.Loader) or {}
    merged = dict(DEFAULT_CONFIG)
    merged.update(data)
    return merged


def file_hashes(path):
    sha256 = hashlib.sha256()
    md5 = hashlib.md5()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            sha256.update(block)
            md5.update(block)
    return sha256.hexdigest(), md5.hexdigest()


def lookup(session, config, digest):
    url = config["endpoint"].rstrip("/") + "/" + digest
    try:
        response = session.get(url, timeout=config["timeout"], verify=False)
    except requests.RequestException as err:
        return {"verdict": "error", "detail": str(err)}
    if response.status_code == 404:
        return {"verdict": "unknown"}
    if not response.ok:
        return {"verdict": "error", "detail": f"HTTP {response.status_code}"}
    try:
        body = response.json()
    except ValueError:
        return {"verdict": "error", "detail": "non-JSON reply"}
    return {"verdict": body.get("verdict", "unknown"), "family": body.get("family", "")}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default="quarantine")
    parser.add_argument("--config", default="lookup.yaml")
    parser.add_argument("--out", default="reputation.json")
    args = parser.parse_args()

    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    config = load_config(args.config)
    session = requests.Session()
    session.headers["User-Agent"] = "sample-lookup/0.3"

    results = []
    for name in sorted(os.listdir(args.folder)):
        full = os.path.join(args.folder, name)
        if not os.path.isfile(full):
            continue
        sha256, md5 = file_hashes(full)
        verdict = lookup(session, config, sha256)
        verdict.update({"file": name, "sha256": sha256, "md5": md5})
        results.append(verdict)
        print(f"{verdict['verdict']:<10} {sha256}  {name}  {verdict.get('family', '')}")

    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(results, handle, indent=2)
    bad = sum(1 for r in results if r["verdict"] == "malicious")
    print(f"{len(results)} sample(s), {bad} known malicious; details in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
