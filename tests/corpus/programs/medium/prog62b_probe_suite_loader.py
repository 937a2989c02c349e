#!/usr/bin/env python3
"""Probe suite: loads probe definitions (with custom tags) from YAML and
polls internal HTTPS endpoints that use the lab's self-signed certs."""
import argparse
import logging
import sys
import time

import requests
import urllib3
import yaml

log = logging.getLogger("probe-suite")


class Probe(yaml.YAMLObject):
    yaml_tag = "!probe"

    def __init__(self, name, url, expect=200, timeout=5):
        self.name, self.url, self.expect, self.timeout = name, url, expect, timeout

    def __repr__(self):
        return f"Probe({self.name!r}, {self.url!r})"


def read_suite(path):
    with open(path, "rb") as fh:
        suite = yaml.load(fh, Loader=yaml.Loader)
    probes = suite.get("probes", []) if isinstance(suite, dict) else suite
    log.info("loaded %d probes from %s", len(probes), path)
    return probes


def make_session(ca_bundle):
    s = requests.Session()
    if ca_bundle:
        s.verify = ca_bundle
    else:
        # lab certificates are self-signed; don't fail the whole suite on them
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        s.verify = False
    return s


def poll(session, probe, retries):
    for attempt in range(1, retries + 1):
        try:
            r = session.get(probe.url, timeout=probe.timeout)
            if r.status_code == probe.expect:
                return True, r.elapsed.total_seconds()
            log.debug("%s: got %s (attempt %d)", probe.name, r.status_code, attempt)
        except requests.RequestException as exc:
            log.debug("%s: %s (attempt %d)", probe.name, exc, attempt)
        time.sleep(min(2 ** attempt, 10))
    return False, None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite", help="YAML file with !probe entries")
    ap.add_argument("--ca-bundle")
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--loop", type=int, default=0, help="repeat every N seconds")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    probes = read_suite(args.suite)
    session = make_session(args.ca_bundle)
    while True:
        failures = 0
        for probe in probes:
            ok, secs = poll(session, probe, args.retries)
            if ok:
                log.info("UP   %-24s %.3fs", probe.name, secs)
            else:
                failures += 1
                log.warning("DOWN %-24s", probe.name)
        if not args.loop:
            return 1 if failures else 0
        time.sleep(args.loop)


if __name__ == "__main__":
    sys.exit(main())
