#!/usr/bin/env python3
"""Runs HTTP health checks described in checks.yaml and writes a JSON report
under ./reports/ for the CI dashboard."""
import argparse
import datetime as dt
import json
import logging
import sys
from pathlib import Path

import requests
import yaml

logger = logging.getLogger("checks")


class CheckResult:
    __slots__ = ("name", "url", "ok", "status", "elapsed", "error")

    def __init__(self, name, url):
        self.name, self.url = name, url
        self.ok, self.status, self.elapsed, self.error = False, None, None, None

    def as_dict(self):
        return {k: getattr(self, k) for k in self.__slots__}


def load_checks(path):
    with open(path, "r", encoding="utf-8") as fh:
        doc = yaml.safe_load(fh) or {}
    defaults = doc.get("defaults", {})
    for entry in doc.get("checks", []):
        merged = dict(defaults)
        merged.update(entry)
        yield merged


def run_check(session, spec):
    res = CheckResult(spec["name"], spec["url"])
    expect = spec.get("expect_status", 200)
    needle = spec.get("contains")
    try:
        resp = session.get(spec["url"], timeout=spec.get("timeout", 5))
        res.status = resp.status_code
        res.elapsed = resp.elapsed.total_seconds()
        res.ok = resp.status_code == expect and (needle is None or needle in resp.text)
        if not res.ok and needle and needle not in resp.text:
            res.error = f"body does not contain {needle!r}"
    except requests.RequestException as exc:
        res.error = str(exc)
    return res


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("-c", "--config", default="checks.yaml")
    ap.add_argument("-o", "--outdir", default="reports")
    ap.add_argument("--fail-fast", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "ci-healthcheck/2.1"
    results = []
    for spec in load_checks(args.config):
        r = run_check(session, spec)
        logger.info("%-20s %s (%s)", r.name, "OK" if r.ok else "FAIL", r.status)
        results.append(r)
        if args.fail_fast and not r.ok:
            break

    out = Path(args.outdir)
    out.mkdir(exist_ok=True)
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    report = out / f"health-{stamp}.json"
    report.write_text(json.dumps([r.as_dict() for r in results], indent=2))
    logger.info("report: %s", report)
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
