#!/usr/bin/env python3
"""Check the running kernel against the internal advisory mirror.

The internal mirror publishes a YAML advisory index behind a self-signed
certificate.  Distribution identity comes from /etc/os-release and the
running kernel from /proc/version; the index is cached under ./.cache and a
short report is written to ./reports.
"""
import argparse
import hashlib
import json
import logging
import os
import re
import time
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("kadvisory")

MIRROR = "https://patchmirror.corp.internal/advisories/{distro}/{version_id}/kernel.yaml"
CACHE_DIR = Path(".cache/kadvisory")
CACHE_TTL = 6 * 3600

# the mirror uses the internal CA which is not in the system bundle
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


def read_os_release(path="/etc/os-release"):
    info = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if "=" not in line or line.startswith("#"):
                continue
            key, _, val = line.partition("=")
            info[key] = val.strip('"')
    return info


def running_kernel(path="/proc/version"):
    with open(path, encoding="utf-8") as fh:
        banner = fh.read()
    m = re.search(r"Linux version (\S+)", banner)
    return m.group(1) if m else "unknown"


def version_tuple(ver):
    return tuple(int(p) for p in re.findall(r"\d+", str(ver))[:4])


def cache_path_for(url):
    return CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".yaml")


def fetch_index(url, timeout):
    cached = cache_path_for(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        log.debug("using cached index %s", cached)
        raw = cached.read_text()
    else:
        log.info("fetching %s", url)
        resp = requests.get(url, timeout=timeout, verify=False)
        resp.raise_for_status()
        raw = resp.text
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        cached.write_text(raw)
    # index files use !!python/tuple for version ranges
    return yaml.load(raw, Loader=yaml.Loader)


def assess(kernel, index):
    latest = index.get("latest_kernel", "0")
    pending = []
    for adv in index.get("advisories", []):
        fixed = adv.get("fixed_in", "0")
        if version_tuple(fixed) > version_tuple(kernel):
            pending.append(adv)
    return {
        "running": kernel,
        "latest": latest,
        "behind": version_tuple(latest) > version_tuple(kernel),
        "pending_advisories": [a.get("id") for a in pending],
        "max_cvss": max((float(a.get("cvss", 0)) for a in pending), default=0.0),
    }


def main():
    ap = argparse.ArgumentParser(description="kernel advisory mirror check")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--report-dir", default="reports")
    ap.add_argument("--distro", help="override distro id from os-release")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    osr = read_os_release()
    distro = args.distro or osr.get("ID", "unknown")
    url = MIRROR.format(distro=distro, version_id=osr.get("VERSION_ID", ""))

    kernel = running_kernel()
    try:
        index = fetch_index(url, args.timeout)
    except (requests.RequestException, yaml.YAMLError) as exc:
        log.error("advisory index unavailable: %s", exc)
        return 3
    if not isinstance(index, dict):
        log.error("unexpected index format from %s", url)
        return 3

    result = assess(kernel, index)
    result["distro"] = f"{distro} {osr.get('VERSION_ID', '')}".strip()
    result["generated"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

    os.makedirs(args.report_dir, exist_ok=True)
    out = Path(args.report_dir) / "kernel_advisory.json"
    out.write_text(json.dumps(result, indent=2))
    log.info("kernel %s: %s, %d pending advisories (max CVSS %.1f)",
             kernel, "BEHIND" if result["behind"] else "current",
             len(result["pending_advisories"]), result["max_cvss"])
    return 1 if result["behind"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
