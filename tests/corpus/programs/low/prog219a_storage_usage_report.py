#!/usr/bin/env python3
"""Storage usage report for a PACS cache export folder.

Walks the study cache in the working directory, totals size per modality
and per month, compares against the quota published by the storage status
API, and writes a JSON report (readable only by the owner) for the weekly
imaging-informatics meeting.
"""
import argparse
import base64
import collections
import datetime
import hashlib
import json
import logging
import os
import pathlib
import urllib.error
import urllib.request

LOG = logging.getLogger("storage-report")

STATUS_API = os.environ.get("STORAGE_STATUS_URL",
                            "https://status.example.org/api/v1/quota/pacs-cache")
REPORT_DIR = pathlib.Path("reports")
CACHE_DIR = pathlib.Path(".report_cache")


def cpu_summary():
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return {}
    models = [l.split(":", 1)[1].strip() for l in text.splitlines() if l.startswith("model name")]
    return {"cores": len(models), "model": models[0] if models else "unknown"}


def os_release():
    info = {}
    try:
        for line in pathlib.Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                k, v = line.split("=", 1)
                info[k] = v.strip('"')
    except OSError:
        pass
    return info.get("PRETTY_NAME", "unknown")


def fetch_quota(url, timeout=10):
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE_DIR / ("quota_%s.json" % key)
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            data = json.load(resp)
        CACHE_DIR.mkdir(exist_ok=True)
        cached.write_text(json.dumps(data))
        return data
    except (urllib.error.URLError, ValueError, OSError) as exc:
        LOG.warning("quota API unavailable (%s); using cached value", exc)
        if cached.exists():
            return json.loads(cached.read_text())
        return {}


class UsageTally:
    def __init__(self):
        self.by_modality = collections.Counter()
        self.by_month = collections.Counter()
        self.files = 0

    def add(self, path, rel):
        st = path.stat()
        # cache layout: <MODALITY>/<YYYYMM>/<study>/...
        parts = rel.parts
        modality = parts[0] if len(parts) > 1 else "UNKNOWN"
        month = parts[1] if len(parts) > 2 else datetime.date.fromtimestamp(st.st_mtime).strftime("%Y%m")
        self.by_modality[modality] += st.st_size
        self.by_month[month] += st.st_size
        self.files += 1

    def total(self):
        return sum(self.by_modality.values())


def walk(root):
    tally = UsageTally()
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = pathlib.Path(dirpath, name)
            try:
                tally.add(p, p.relative_to(root))
            except OSError as exc:
                LOG.debug("skip %s: %s", p, exc)
    return tally


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="cache")
    ap.add_argument("--no-api", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = pathlib.Path(args.root)
    if not root.is_dir():
        LOG.error("no cache folder %s", root)
        return 1
    tally = walk(root)
    quota = {} if args.no_api else fetch_quota(STATUS_API)
    limit = int(quota.get("limit_bytes", 0))
    report = {
        "generated": datetime.datetime.now().isoformat(timespec="seconds"),
        "host": {"os": os_release(), "cpu": cpu_summary()},
        "files": tally.files,
        "total_bytes": tally.total(),
        "quota_bytes": limit,
        "used_pct": round(100.0 * tally.total() / limit, 1) if limit else None,
        "by_modality": dict(tally.by_modality.most_common()),
        "by_month": dict(sorted(tally.by_month.items())),
    }
    summary = "%s files, %.1f GiB" % (tally.files, tally.total() / 2**30)
    report["summary_b64"] = base64.b64encode(summary.encode()).decode()
    REPORT_DIR.mkdir(exist_ok=True)
    out = REPORT_DIR / ("usage_%s.json" % datetime.date.today().isoformat())
    out.write_text(json.dumps(report, indent=2))
    os.chmod(out, 0o600)
    LOG.info("wrote %s (%s)", out, summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
