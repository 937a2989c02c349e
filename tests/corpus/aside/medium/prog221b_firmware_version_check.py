#!/usr/bin/env python3
"""Check firmware versions of networked lab instruments.

The instruments' embedded web servers use self-signed certificates, so
certificate checks are switched off for these requests.  Instruments whose
API does not answer are queried with a curl fallback script.
"""
import argparse
import csv
import json
import logging
import os
import ssl
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

LOG = logging.getLogger("firmware_check")

DEFAULT_INSTRUMENTS = {
    "hplc-01": "https://hplc-01.lab.example.com",
    "hplc-02": "https://hplc-02.lab.example.com",
    "dissolution-01": "https://192.0.2.31",
    "kf-titrator-02": "https://192.0.2.44",
}

CURL_FALLBACK = """#!/bin/bash
curl -sk --max-time 10 "$INSTRUMENT_URL/cgi-bin/status" | sed -n 's/^firmware=//p' | head -n1
"""


class FirmwareChecker:
    def __init__(self, minimum, timeout):
        self.minimum = self.parse(minimum)
        self.timeout = timeout
        self.context = ssl._create_unverified_context()

    @staticmethod
    def parse(version):
        return tuple(int(x) for x in version.split(".") if x.isdigit())

    def query_api(self, base_url):
        req = urllib.request.Request(base_url + "/api/v1/system/version",
                                     headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout,
                                    context=self.context) as resp:
            return json.load(resp)["firmware"]

    def query_fallback(self, base_url):
        fd, path = tempfile.mkstemp(suffix="_fwcheck.sh")
        with os.fdopen(fd, "w") as fh:
            fh.write(CURL_FALLBACK)
        try:
            env = dict(os.environ, INSTRUMENT_URL=base_url)
            out = subprocess.run(["bash", path], env=env, capture_output=True,
                                 text=True, timeout=20)
            return out.stdout.strip() or None
        finally:
            os.unlink(path)

    def check(self, name, base_url):
        try:
            version = self.query_api(base_url)
            source = "api"
        except (urllib.error.URLError, OSError, KeyError, ValueError) as exc:
            LOG.debug("%s api failed: %s", name, exc)
            version = self.query_fallback(base_url)
            source = "cgi"
        if not version:
            return {"instrument": name, "firmware": "", "source": "",
                    "status": "UNREACHABLE"}
        ok = self.parse(version) >= self.minimum
        return {"instrument": name, "firmware": version, "source": source,
                "status": "OK" if ok else "UPDATE REQUIRED"}


def load_instruments(path):
    if not path:
        return DEFAULT_INSTRUMENTS
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main(argv=None):
    parser = argparse.ArgumentParser(description="instrument firmware check")
    parser.add_argument("--instruments", help="JSON file {name: base_url}")
    parser.add_argument("--minimum", default="4.2.0")
    parser.add_argument("--timeout", type=float, default=8.0)
    parser.add_argument("-o", "--output", default="firmware_report.csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        instruments = load_instruments(args.instruments)
    except (OSError, ValueError) as exc:
        LOG.error("cannot load instrument list: %s", exc)
        return 2

    checker = FirmwareChecker(args.minimum, args.timeout)
    rows = [checker.check(name, url) for name, url in sorted(instruments.items())]
    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["instrument", "firmware",
                                                "source", "status"])
        writer.writeheader()
        writer.writerows(rows)
    for row in rows:
        LOG.info("%-16s %-10s %s", row["instrument"], row["firmware"], row["status"])
    return 0 if all(r["status"] == "OK" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
