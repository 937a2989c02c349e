#!/usr/bin/env python3
"""Check package-lock.json dependencies against the internal advisory service.

Reads the lockfile in the current directory (lockfileVersion 2 or 3), sends
name/version pairs in batches to the advisory API and writes the findings to
advisories.json.  The API key is taken from ADVISORY_API_KEY and is only ever
sent to the advisory endpoint.
"""
import argparse
import json
import logging
import os
import sys
from dataclasses import dataclass, field

import requests

LOG = logging.getLogger("advisory-lookup")
API_URL = os.environ.get("ADVISORY_API_URL", "https://advisories.build.example.com/v1/query")
BATCH = 200


@dataclass
class Finding:
    package: str
    version: str
    advisory: str
    severity: str
    fixed_in: list = field(default_factory=list)


def read_lock(path):
    with open(path, encoding="utf-8") as fh:
        lock = json.load(fh)
    deps = {}
    for key, meta in lock.get("packages", {}).items():
        if not key.startswith("node_modules/") or "version" not in meta:
            continue
        name = key.rsplit("node_modules/", 1)[-1]
        deps.setdefault(name, set()).add(meta["version"])
    return sorted((n, v) for n, vs in deps.items() for v in vs)


class AdvisoryClient:
    def __init__(self, url, api_key, timeout=30):
        self.url = url
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Content-Type": "application/json",
        })
        self.timeout = timeout

    def query(self, pairs):
        body = {"ecosystem": "npm",
                "packages": [{"name": n, "version": v} for n, v in pairs]}
        resp = self.session.post(self.url, json=body, timeout=self.timeout)
        resp.raise_for_status()
        return [Finding(**item) for item in resp.json().get("findings", [])]


def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lockfile", default="package-lock.json")
    ap.add_argument("--out", default="advisories.json")
    ap.add_argument("--fail-on", choices=["low", "moderate", "high", "critical"], default="high")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    api_key = os.environ.get("ADVISORY_API_KEY")
    if not api_key:
        LOG.error("ADVISORY_API_KEY is not set")
        return 2
    pairs = read_lock(args.lockfile)
    LOG.info("%d resolved packages in %s", len(pairs), args.lockfile)

    client = AdvisoryClient(API_URL, api_key)
    findings = []
    try:
        for batch in chunks(pairs, BATCH):
            findings.extend(client.query(batch))
    except requests.RequestException as exc:
        LOG.error("advisory service error: %s", exc)
        return 1

    order = ["low", "moderate", "high", "critical"]
    threshold = order.index(args.fail_on)
    blocking = [f for f in findings if order.index(f.severity) >= threshold]
    for f in findings:
        LOG.info("%s@%s %s %s fixed in %s", f.package, f.version, f.severity,
                 f.advisory, ", ".join(f.fixed_in) or "-")
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump([f.__dict__ for f in findings], fh, indent=2)
    return 1 if blocking else 0


if __name__ == "__main__":
    sys.exit(main())
