#!/usr/bin/env python3
"""Pull GitHub Security Advisories for the npm packages in package-lock.json.

Uses the GraphQL API with the token from GITHUB_TOKEN and writes a JSON
summary next to the lockfile.
"""
import argparse
import json
import logging
import os
import sys
import urllib.request

GRAPHQL_ENDPOINT = "https://api.github.com/graphql"
QUERY = """
query($pkg: String!) {
  securityVulnerabilities(first: 50, ecosystem: NPM, package: $pkg) {
    nodes {
      advisory { ghsaId summary severity permalink }
      vulnerableVersionRange
      firstPatchedVersion { identifier }
    }
  }
}
"""
log = logging.getLogger("ghsa-pull")


class AdvisoryClient:
    def __init__(self, token: str, endpoint: str = GRAPHQL_ENDPOINT):
        self.endpoint = endpoint
        self._headers = {
            "Authorization": f"bearer {token}",
            "Content-Type": "application/json",
            "User-Agent": "ghsa-pull/0.9",
        }

    def query(self, package: str) -> list:
        body = json.dumps({"query": QUERY, "variables": {"pkg": package}}).encode()
        req = urllib.request.Request(self.endpoint, data=body, headers=self._headers, method="POST")
        with urllib.request.urlopen(req, timeout=30) as resp:
            payload = json.load(resp)
        if "errors" in payload:
            raise RuntimeError(payload["errors"][0].get("message", "graphql error"))
        return payload["data"]["securityVulnerabilities"]["nodes"]


def lockfile_packages(path: str) -> dict:
    with open(path, encoding="utf-8") as fh:
        lock = json.load(fh)
    found = {}
    for key, entry in lock.get("packages", {}).items():
        if not key.startswith("node_modules/"):
            continue
        name = key.split("node_modules/")[-1]
        found[name] = entry.get("version", "0.0.0")
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("lockfile", nargs="?", default="package-lock.json")
    ap.add_argument("--out", default="ghsa-report.json")
    ap.add_argument("--limit", type=int, default=0, help="only query the first N packages")
    opts = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        log.error("GITHUB_TOKEN is not set")
        return 2

    client = AdvisoryClient(token)
    packages = lockfile_packages(opts.lockfile)
    names = sorted(packages)[: opts.limit or None]
    report = {}
    for name in names:
        try:
            nodes = client.query(name)
        except Exception as exc:  # network or API error, keep going
            log.warning("%s: %s", name, exc)
            continue
        if nodes:
            report[name] = {
                "installed": packages[name],
                "advisories": [
                    {"id": n["advisory"]["ghsaId"], "severity": n["advisory"]["severity"],
                     "range": n["vulnerableVersionRange"],
                     "fixed": (n.get("firstPatchedVersion") or {}).get("identifier")}
                    for n in nodes
                ],
            }
    with open(opts.out, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2, sort_keys=True)
    log.info("%d of %d packages have advisories -> %s", len(report), len(names), opts.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
