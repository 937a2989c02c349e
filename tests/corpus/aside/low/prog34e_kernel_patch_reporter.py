#!/usr/bin/env python3
"""Report whether the running kernel is behind the vendor's latest advisory.

Reads distribution identity from /etc/os-release and the running kernel from
/proc/version, fetches the public advisory feed (JSON) over HTTPS, caches it
under ./.cache and writes a short report to ./reports.
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

log = logging.getLogger("kpatch")

FEEDS = {
    "ubuntu": "https://advisories.example-distro.org/ubuntu/{version_id}/kernel.json",
    "debian": "https://advisories.example-distro.org/debian/{version_id}/kernel.json",
    "rhel": "https://advisories.example-distro.org/rhel/{version_id}/kernel.json",
}
CACHE_DIR = Path(".cache/kpatch")
CACHE_TTL = 6 * 3600


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
    return tuple(int(p) for p in re.findall(r"\d+", ver)[:4])


def cache_path_for(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}.json"


def fetch_feed(url, timeout):
    cached = cache_path_for(url)
    if cached.exists() and time.time() - cached.stat().st_mtime < CACHE_TTL:
        log.debug("using cached feed %s", cached)
        return json.loads(cached.read_text())
    log.info("fetching %s", url)
    resp = requests.get(url, timeout=timeout, headers={"Accept": "application/json"})
    resp.raise_for_status()
    data = resp.json()
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(data))
    return data


def assess(kernel, feed):
    latest = feed.get("latest_kernel", "0")
    pending = [
        adv for adv in feed.get("advisories", [])
        if version_tuple(adv.get("fixed_in", "0")) > version_tuple(kernel)
    ]
    return {
        "running": kernel,
        "latest": latest,
        "behind": version_tuple(latest) > version_tuple(kernel),
        "pending_advisories": [a.get("id") for a in pending],
        "max_cvss": max((float(a.get("cvss", 0)) for a in pending), default=0.0),
    }


def main():
    ap = argparse.ArgumentParser(description="kernel patch level reporter")
    ap.add_argument("--timeout", type=float, default=15.0)
    ap.add_argument("--report-dir", default="reports")
    ap.add_argument("--distro", help="override distro id from os-release")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    osr = read_os_release()
    distro = args.distro or osr.get("ID", "unknown")
    template = FEEDS.get(distro)
    if template is None:
        log.error("no advisory feed configured for distro %r", distro)
        return 2

    kernel = running_kernel()
    try:
        feed = fetch_feed(template.format(version_id=osr.get("VERSION_ID", "")), args.timeout)
    except requests.RequestException as exc:
        log.error("feed unavailable: %s", exc)
        return 3

    result = assess(kernel, feed)
    result["distro"] = f"{distro} {osr.get('VERSION_ID', '')}".strip()
    result["generated"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

    os.makedirs(args.report_dir, exist_ok=True)
    out = Path(args.report_dir) / "kernel_patch.json"
    out.write_text(json.dumps(result, indent=2))
    status = "BEHIND" if result["behind"] else "current"
    log.info("kernel %s is %s (%d pending advisories); report: %s",
             kernel, status, len(result["pending_advisories"]), out)
    return 1 if result["behind"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
