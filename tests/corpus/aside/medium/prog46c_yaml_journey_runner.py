#!/usr/bin/env python3
"""Run declarative user journeys against the staging site.

A journey file (journeys/*.yml) lists steps: an HTTP request plus 'expect'
expressions evaluated against the response, e.g.
    expect: ["status == 200", "'Add to basket' in text", "elapsed < 1.5"]
"""
import argparse
import glob
import logging
import sys
import time

import requests
import urllib3
import yaml

LOG = logging.getLogger("journeys")
urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)


class StepFailure(Exception):
    pass


class JourneyRunner:
    def __init__(self, base_url, verify_tls=False):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.verify = verify_tls  # staging uses a self-signed cert
        self.vars = {}

    def _request(self, step):
        method = step.get("method", "GET").upper()
        url = self.base_url + step["path"].format(**self.vars)
        started = time.perf_counter()
        resp = self.session.request(method, url, data=step.get("form"),
                                    json=step.get("json"), timeout=step.get("timeout", 15))
        return resp, time.perf_counter() - started

    def run_step(self, step):
        resp, elapsed = self._request(step)
        scope = {"status": resp.status_code, "text": resp.text, "headers": resp.headers,
                 "elapsed": elapsed, "cookies": resp.cookies.get_dict(), "vars": self.vars}
        for expr in step.get("expect", []):
            if not eval(expr, {"__builtins__": {"len": len, "any": any, "all": all}}, scope):
                raise StepFailure(f"{step.get('name', step['path'])}: expectation failed: {expr}")
        for name, expr in (step.get("capture") or {}).items():
            self.vars[name] = eval(expr, {}, scope)
        return elapsed

    def run(self, journey):
        LOG.info("journey: %s", journey.get("name", "unnamed"))
        total = 0.0
        for step in journey.get("steps", []):
            total += self.run_step(step)
        return total


def load_journeys(pattern):
    for path in sorted(glob.glob(pattern)):
        with open(path, encoding="utf-8") as fh:
            for doc in yaml.load_all(fh, Loader=yaml.Loader):
                if doc:
                    yield path, doc


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base-url", default="https://staging.shopfront.test")
    ap.add_argument("--journeys", default="journeys/*.yml")
    ap.add_argument("--fail-fast", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s %(message)s")

    failures = 0
    for path, journey in load_journeys(args.journeys):
        runner = JourneyRunner(journey.get("base_url", args.base_url))
        try:
            secs = runner.run(journey)
            LOG.info("  ok (%.2fs) [%s]", secs, path)
        except (StepFailure, requests.RequestException, KeyError) as exc:
            failures += 1
            LOG.error("  FAILED [%s]: %s", path, exc)
            if args.fail_fast:
                break
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
