#!/usr/bin/env python3
"""Report known vulnerabilities for installed Debian/Ubuntu packages via OSV.

Parses the dpkg status database (or a package list exported from another
host), queries the OSV.dev batch API in chunks and writes a CSV of affected
packages. Responses are cached in ./.osv_cache keyed by request hash so
repeated runs within the TTL do not hit the API.
"""
import argparse
import csv
import hashlib
import json
import logging
import shutil
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("osv-lookup")

OSV_BATCH = "https://api.osv.dev/v1/querybatch"
OSV_VULN = "https://api.osv.dev/v1/vulns/{}"
CACHE_DIR = Path(".osv_cache")
DPKG_STATUS = Path("/var/lib/dpkg/status")


def installed_packages(path):
    """Yield (name, version) for packages in 'install ok installed' state."""
    name = version = status = None
    for line in path.read_text(errors="replace").splitlines() + [""]:
        if not line:
            if name and version and status == "install ok installed":
                yield name, version
            name = version = status = None
        elif line.startswith("Package: "):
            name = line[9:].strip()
        elif line.startswith("Version: "):
            version = line[9:].strip()
        elif line.startswith("Status: "):
            status = line[8:].strip()


def cached_call(url, payload=None, ttl=3600):
    body = json.dumps(payload, sort_keys=True).encode() if payload is not None else None
    key = hashlib.md5(url.encode() + (body or b"")).hexdigest()
    entry = CACHE_DIR / f"{key}.json"
    if entry.exists() and time.time() - entry.stat().st_mtime < ttl:
        return json.loads(entry.read_text())
    req = urllib.request.Request(url, data=body, method="POST" if body else "GET",
                                 headers={"Content-Type": "application/json",
                                          "User-Agent": "osv-lookup/0.9"})
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                data = json.load(resp)
            break
        except (urllib.error.URLError, TimeoutError) as exc:
            log.debug("attempt %d for %s failed: %s", attempt + 1, url, exc)
            time.sleep(2 ** attempt)
    else:
        raise RuntimeError(f"OSV request to {url} failed")
    CACHE_DIR.mkdir(exist_ok=True)
    entry.write_text(json.dumps(data))
    return data


def query(packages, ecosystem, chunk=500):
    for start in range(0, len(packages), chunk):
        part = packages[start:start + chunk]
        payload = {"queries": [{"package": {"name": n, "ecosystem": ecosystem}, "version": v}
                               for n, v in part]}
        results = cached_call(OSV_BATCH, payload).get("results", [])
        for (name, version), res in zip(part, results):
            for vuln in res.get("vulns", []):
                yield name, version, vuln["id"]


def severity_of(vuln_id):
    detail = cached_call(OSV_VULN.format(vuln_id), ttl=86400)
    for sev in detail.get("severity", []):
        return sev.get("score", "")
    return detail.get("database_specific", {}).get("severity", "")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--status-file", type=Path, default=DPKG_STATUS)
    ap.add_argument("--ecosystem", default="Debian:12")
    ap.add_argument("--output", default="osv_findings.csv")
    ap.add_argument("--details", action="store_true", help="fetch severity for each advisory")
    ap.add_argument("--clean-cache", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if args.clean_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cache cleared")
    try:
        packages = sorted(installed_packages(args.status_file))
    except OSError as exc:
        log.error("cannot read %s: %s", args.status_file, exc)
        return 2
    log.info("%d installed packages", len(packages))

    rows = []
    try:
        for name, version, vid in query(packages, args.ecosystem):
            rows.append({"package": name, "version": version, "advisory": vid,
                         "severity": severity_of(vid) if args.details else ""})
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1

    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["package", "version", "advisory", "severity"])
        writer.writeheader()
        writer.writerows(rows)
    log.info("%d advisories affecting %d packages -> %s", len(rows),
             len({r["package"] for r in rows}), args.output)
    return 1 if rows else 0


if __name__ == "__main__":
    sys.exit(main())
