#!/usr/bin/env python3
"""Summarise equipment alarm logs for the shift report.

Parses alarm logs exported from tool PCs into ./logs, maps alarm IDs to
descriptions from the alarm dictionary service, and writes a JSON summary
with the raw excerpt embedded (base64) for the shift-report template.
"""
import argparse
import base64
import collections
import glob
import json
import logging
import os
import re
import sys
import time
import urllib.request

LOG = logging.getLogger("alarm-summary")

DICT_URL = "https://alarms.example.com/api/v1/dictionary"
CACHE_DIR = ".alarm_cache"
CACHE_MAX_AGE = 7 * 86400
LINE_RE = re.compile(r"^(?P<ts>\S+ \S+)\s+(?P<tool>[A-Z]+-\d+)\s+ALID=(?P<alid>\d+)\s+(?P<state>SET|CLEAR)")


class AlarmDictionary:
    def __init__(self, url, cache_dir):
        self.url = url
        self.cache_file = os.path.join(cache_dir, "dictionary.json")
        os.makedirs(cache_dir, exist_ok=True)

    def load(self):
        try:
            with urllib.request.urlopen(self.url, timeout=15) as resp:
                data = json.loads(resp.read().decode("utf-8"))
            with open(self.cache_file, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
            os.chmod(self.cache_file, 0o600)
            return data
        except Exception as exc:
            LOG.warning("dictionary service unavailable (%s); using cache", exc)
        if os.path.exists(self.cache_file):
            with open(self.cache_file, "r", encoding="utf-8") as fh:
                return json.load(fh)
        return {}


def prune_cache(cache_dir, max_age):
    now = time.time()
    for path in glob.glob(os.path.join(cache_dir, "*")):
        if os.path.isfile(path) and now - os.path.getmtime(path) > max_age:
            os.remove(path)
            LOG.info("pruned %s", path)


def parse_logs(log_dir):
    counts = collections.Counter()
    excerpt = []
    for path in sorted(glob.glob(os.path.join(log_dir, "*.log"))):
        with open(path, "r", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                m = LINE_RE.match(line)
                if not m or m.group("state") != "SET":
                    continue
                counts[(m.group("tool"), m.group("alid"))] += 1
                if len(excerpt) < 200:
                    excerpt.append(line.rstrip("\n"))
    return counts, excerpt


def build_summary(counts, excerpt, dictionary, top):
    rows = []
    for (tool, alid), n in counts.most_common(top):
        rows.append({"tool": tool, "alid": int(alid), "count": n,
                     "text": dictionary.get(alid, "unknown alarm")})
    raw = "\n".join(excerpt).encode("utf-8")
    return {
        "generated": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "total": sum(counts.values()),
        "top": rows,
        "excerpt_b64": base64.b64encode(raw).decode("ascii"),
    }


def main():
    ap = argparse.ArgumentParser(description="Alarm log summary")
    ap.add_argument("--logs", default="./logs")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--out", default="alarm_summary.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not os.path.isdir(args.logs):
        LOG.error("log directory %s not found", args.logs)
        return 2
    prune_cache(CACHE_DIR, CACHE_MAX_AGE)
    dictionary = AlarmDictionary(DICT_URL, CACHE_DIR).load()
    counts, excerpt = parse_logs(args.logs)
    summary = build_summary(counts, excerpt, dictionary, args.top)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=2)
    os.chmod(args.out, 0o600)
    LOG.info("%d alarms summarised into %s", summary["total"], args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
