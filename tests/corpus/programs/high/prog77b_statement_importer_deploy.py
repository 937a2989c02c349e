#!/usr/bin/env python3
"""Roll out a new build of the bank-statement importer on this host.

Unpacks the release zip produced by CI into releases/<version>, checks the
bundled bank-format fixtures still parse, flips the `current` symlink and
bounces the importer service so the next statement batch uses the new code.
Keeps the last N releases for quick rollback.
"""

import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("importer-deploy")

SERVICE = os.environ.get("IMPORTER_SERVICE", "statement-importer.service")
ELEVATE = os.environ.get("IMPORTER_ELEVATE", "pkexec")


class Deployer:
    def __init__(self, root, keep):
        self.root = Path(root).resolve()
        self.releases = self.root / "releases"
        self.current = self.root / "current"
        self.keep = keep
        self.releases.mkdir(parents=True, exist_ok=True)

    def unpack(self, bundle):
        with zipfile.ZipFile(bundle) as zf:
            meta = json.loads(zf.read("release.json"))
            version = meta["version"]
            target = self.releases / version
            if target.exists():
                log.info("release %s already unpacked", version)
                return version, target
            staging = self.releases / f".{version}.staging"
            shutil.rmtree(staging, ignore_errors=True)
            for member in zf.infolist():
                dest = (staging / member.filename).resolve()
                if not str(dest).startswith(str(staging.resolve())):
                    raise ValueError(f"bad path in bundle: {member.filename}")
            zf.extractall(staging)
        staging.rename(target)
        log.info("unpacked %s to %s", version, target)
        return version, target

    def check_fixtures(self, release_dir):
        fixtures = release_dir / "fixtures"
        runner = release_dir / "bin" / "check-fixtures"
        if not runner.exists():
            log.warning("release has no fixture checker, skipping")
            return True
        proc = subprocess.run([sys.executable, str(runner), str(fixtures)],
                              capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            log.error("fixture check failed:\n%s", proc.stdout[-2000:] + proc.stderr[-2000:])
            return False
        log.info("fixture check passed")
        return True

    def switch(self, release_dir):
        tmp_link = self.root / ".current.new"
        if tmp_link.is_symlink():
            tmp_link.unlink()
        tmp_link.symlink_to(release_dir)
        os.replace(tmp_link, self.current)
        log.info("current -> %s", release_dir.name)

    def prune(self):
        dirs = sorted((d for d in self.releases.iterdir() if d.is_dir() and not d.name.startswith(".")),
                      key=lambda d: d.stat().st_mtime, reverse=True)
        live = self.current.resolve() if self.current.exists() else None
        for old in dirs[self.keep:]:
            if old.resolve() == live:
                continue
            shutil.rmtree(old)
            log.info("pruned %s", old.name)


def service_ctl(action, unit):
    cmd = [ELEVATE, "systemctl", action, unit] if os.geteuid() != 0 else ["systemctl", action, unit]
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"systemctl {action} {unit} failed: {proc.stderr.strip()}")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("bundle", help="release zip from CI")
    ap.add_argument("--root", default=".")
    ap.add_argument("--keep", type=int, default=5)
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    d = Deployer(args.root, args.keep)
    try:
        version, release_dir = d.unpack(args.bundle)
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        log.error("bad bundle: %s", exc)
        return 1
    if not d.check_fixtures(release_dir):
        return 2
    previous = d.current.resolve() if d.current.exists() else None
    d.switch(release_dir)
    if not args.no_restart:
        try:
            service_ctl("restart", SERVICE)
            service_ctl("is-active", SERVICE)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("%s", exc)
            if previous:
                log.warning("rolling back to %s", previous.name)
                d.switch(previous)
                service_ctl("restart", SERVICE)
            return 3
    d.prune()
    log.info("deployed %s", version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
