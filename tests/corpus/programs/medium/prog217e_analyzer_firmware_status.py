#!/usr/bin/env python3
"""Collect firmware and calibration status from the lab analyzers.

Each analyzer has a small HTTPS status page with a self-signed certificate.
The status JSON is fetched from every instrument, written into a working
directory, and a generated shell summary script prints the overview.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import requests
import urllib3

LOG = logging.getLogger("fw_status")

ANALYZERS = {
    "ftir-01": "https://ftir-01.lab.example.org/api/status",
    "scc-01": "https://scc-01.lab.example.org/api/status",
    "cryo-01": "https://cryo-01.lab.example.org/api/status",
}

SUMMARY_SCRIPT = """#!/bin/bash
# generated: print one line per analyzer from the saved status files
cd "$STATUS_DIR" || exit 1
for f in *.json; do
  [ -f "$f" ] || continue
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[1][:-5].ljust(10), "fw=" + str(d.get("firmware", "?")), "cal=" + str(d.get("last_calibration", "?")))' "$f"
done | sort
"""


class StatusClient:
    def __init__(self, timeout: float):
        self.session = requests.Session()
        # the instruments ship self-signed certificates
        self.session.verify = False
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
        self.timeout = timeout

    def fetch(self, name: str, url: str):
        try:
            resp = self.session.get(url, timeout=self.timeout, verify=False)
            resp.raise_for_status()
            return resp.json()
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("%s: %s", name, exc)
            return None


def save_status(out_dir: Path, name: str, data: dict):
    path = out_dir / f"{name}.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def run_summary(out_dir: Path) -> int:
    script = out_dir / "summary.sh"
    script.write_text(SUMMARY_SCRIPT, encoding="utf-8")
    os.chmod(script, 0o700)
    env = dict(os.environ, STATUS_DIR=str(out_dir.resolve()))
    return subprocess.run(["bash", str(script)], env=env).returncode


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--out", type=Path, default=Path("fw_status"))
    p.add_argument("--timeout", type=float, default=10.0)
    p.add_argument("--only", nargs="*", help="analyzer names to query")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    args.out.mkdir(parents=True, exist_ok=True)
    client = StatusClient(args.timeout)
    targets = {k: v for k, v in ANALYZERS.items() if not args.only or k in args.only}
    ok = 0
    for name, url in targets.items():
        data = client.fetch(name, url)
        if data is None:
            continue
        save_status(args.out, name, data)
        ok += 1
    LOG.info("%d of %d analyzers answered", ok, len(targets))
    if ok == 0:
        return 1
    return run_summary(args.out)


if __name__ == "__main__":
    sys.exit(main())
