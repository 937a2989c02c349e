#!/usr/bin/env python3
"""Exam server pre-flight check.

Run on one lab laptop before a sitting: checks that every exam server
answers, notes the laptop's OS release, and writes a small report in the
current directory.  Responses are cached briefly so re-running the
check during setup does not hammer the servers.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("preflight")

TARGETS = {
    "portal": ("https", ["portal", "exams", "example", "com"], "/healthz"),
    "papers": ("https", ["papers", "example", "net"], "/status"),
    "submit": ("https", ["submit", "example", "org"], "/api/ping"),
}
CACHE_DIR = os.path.join(".", ".preflight_cache")
CACHE_TTL = 120


def url_for(name):
    scheme, labels, route = TARGETS[name]
    return "%s://%s%s" % (scheme, ".".join(labels), route)


def os_release():
    fields = {}
    try:
        with open("/etc/os-release", encoding="utf-8") as fh:
            for line in fh:
                key, sep, val = line.strip().partition("=")
                if sep:
                    fields[key] = val.strip('"')
    except OSError as exc:
        log.debug("no os-release: %s", exc)
    return fields


class ResponseCache:
    def __init__(self, folder, ttl):
        self.folder = folder
        self.ttl = ttl
        os.makedirs(folder, exist_ok=True)

    def _path(self, url):
        key = hashlib.md5(url.encode("utf-8")).hexdigest()
        return os.path.join(self.folder, key + ".json")

    def get(self, url):
        p = self._path(url)
        try:
            if time.time() - os.path.getmtime(p) < self.ttl:
                with open(p, encoding="utf-8") as fh:
                    return json.load(fh)
        except (OSError, ValueError):
            pass
        return None

    def put(self, url, result):
        with open(self._path(url), "w", encoding="utf-8") as fh:
            json.dump(result, fh)


def probe(url, timeout, method="GET"):
    req = urllib.request.Request(url, method=method,
                                 headers={"User-Agent": "exam-preflight/1.2"})
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status = resp.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, OSError) as exc:
        return {"ok": False, "error": str(exc), "ms": None}
    ms = round((time.monotonic() - start) * 1000)
    return {"ok": 200 <= status < 400, "status": status, "ms": ms}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--head", action="store_true", help="use HEAD instead of GET")
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--report", default="preflight_report.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ResponseCache(CACHE_DIR, CACHE_TTL)
    results = {}
    for name in TARGETS:
        url = url_for(name)
        hit = None if args.no_cache else cache.get(url)
        res = hit or probe(url, args.timeout, "HEAD" if args.head else "GET")
        if hit is None:
            cache.put(url, res)
        results[name] = res
        log.info("%-7s %-4s %s", name, "ok" if res["ok"] else "FAIL", res.get("ms"))

    report = {"when": time.strftime("%F %T"),
              "os": os_release().get("PRETTY_NAME", "unknown"),
              "servers": results}
    with open(args.report, "w", encoding="utf-8") as fh:
        json.dump(report, fh, indent=2)
    os.chmod(args.report, 0o600)
    failed = [n for n, r in results.items() if not r["ok"]]
    if failed:
        log.error("unreachable: %s", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
