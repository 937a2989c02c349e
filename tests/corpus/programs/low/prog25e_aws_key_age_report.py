#!/usr/bin/env python3
"""AWS key age report.

Parses the local AWS shared credentials file, evaluates each profile for
common hygiene problems (long-term keys, missing regions, stale files) and
submits an aggregate summary (counts only) to the team's credential-health
service. No key material ever leaves the machine.
"""

import argparse
import configparser
import json
import logging
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import requests

LOG = logging.getLogger("aws-key-age")

DEFAULT_ENDPOINT = "https://credhealth.opsmetrics.io/v1/summaries"
CREDENTIALS_PATH = Path.home() / ".aws" / "credentials"
CONFIG_PATH = Path.home() / ".aws" / "config"
STALE_DAYS = 90


@dataclass
class ProfileStatus:
    """Derived, non-secret facts about one profile."""
    long_term: bool
    temporary: bool
    has_region: bool
    has_secret: bool
    findings: List[str] = field(default_factory=list)


def read_regions(config_path: Path) -> Dict[str, str]:
    regions: Dict[str, str] = {}
    if not config_path.exists():
        return regions
    cfg = configparser.ConfigParser()
    cfg.read(config_path)
    for section in cfg.sections():
        name = section.replace("profile ", "", 1)
        if cfg.has_option(section, "region"):
            regions[name] = cfg.get(section, "region")
    return regions


def inspect_profiles(cred_path: Path, config_path: Path) -> Dict[str, ProfileStatus]:
    parser = configparser.ConfigParser()
    parser.read(cred_path)
    regions = read_regions(config_path)
    statuses: Dict[str, ProfileStatus] = {}
    for section in parser.sections():
        key_id = parser.get(section, "aws_access_key_id", fallback="")
        if not key_id:
            continue
        status = ProfileStatus(
            long_term=key_id.startswith("AKIA"),
            temporary=parser.has_option(section, "aws_session_token"),
            has_region=section in regions,
            has_secret=bool(parser.get(section, "aws_secret_access_key", fallback="")),
        )
        if status.long_term:
            status.findings.append("long-term-access-key")
        if not status.has_region:
            status.findings.append("missing-region")
        if not status.has_secret:
            status.findings.append("missing-secret")
        statuses[section] = status
    return statuses


def summarize(statuses: Dict[str, ProfileStatus], file_age_days: float) -> Dict:
    """Only counts and booleans go into the summary."""
    finding_counts = Counter(f for s in statuses.values() for f in s.findings)
    return {
        "schema": 2,
        "generated_at": int(time.time()),
        "profile_count": len(statuses),
        "long_term_count": sum(s.long_term for s in statuses.values()),
        "temporary_count": sum(s.temporary for s in statuses.values()),
        "credentials_file_stale": file_age_days > STALE_DAYS,
        "finding_counts": dict(finding_counts),
    }


def post_summary(endpoint: str, api_key: str, summary: Dict, retries: int = 3) -> bool:
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(endpoint, data=json.dumps(summary), headers=headers, timeout=10)
            if resp.ok:
                return True
            LOG.warning("attempt %d: HTTP %s", attempt, resp.status_code)
        except requests.RequestException as exc:
            LOG.warning("attempt %d: %s", attempt, exc)
        time.sleep(attempt)
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--endpoint", default=DEFAULT_ENDPOINT)
    ap.add_argument("--credentials", type=Path, default=CREDENTIALS_PATH)
    ap.add_argument("--no-submit", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.credentials.exists():
        LOG.error("no credentials file at %s", args.credentials)
        return 1
    try:
        statuses = inspect_profiles(args.credentials, CONFIG_PATH)
    except configparser.Error as exc:
        LOG.error("malformed credentials file: %s", exc)
        return 1

    age_days = (time.time() - args.credentials.stat().st_mtime) / 86400
    for name, status in sorted(statuses.items()):
        print(f"{name:<24} {', '.join(status.findings) or 'ok'}")

    summary = summarize(statuses, age_days)
    print(json.dumps(summary, indent=2))
    if args.no_submit:
        return 0

    api_key = os.environ.get("CREDHEALTH_API_KEY")
    if not api_key:
        LOG.error("CREDHEALTH_API_KEY is not set; use --no-submit to skip upload")
        return 1
    if not post_summary(args.endpoint, api_key, summary):
        LOG.error("summary upload failed")
        return 2
    LOG.info("summary uploaded (%d profiles)", summary["profile_count"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
