#!/usr/bin/env python3
"""Deploy a new build of the crane telemetry agent to this yard gateway.

The agent (load moment indicator + anemometer forwarder) is built in CI as a
tarball containing bin/crane-telemetry and share/*.json crane profiles. This
script checks the build manifest, installs the files into the system prefix,
keeps the previous release for rollback and restarts the existing service
so the cab displays pick up the new profiles.

    crane_telemetry_deploy.py dist/crane-telemetry-3.2.1.tar.gz
    crane_telemetry_deploy.py --rollback
"""
import argparse
import hashlib
import json
import logging
import os
import shlex
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

log = logging.getLogger("deploy")

PREFIX = Path(os.environ.get("CRANE_PREFIX", "/usr/local"))
RELEASES = PREFIX / "lib" / "crane-telemetry"
SERVICE = "crane-telemetry.service"


class Privileged:
    """Runs install steps with elevated rights when we are not root already."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else ["sudo", "-n", "--"]

    def run(self, *cmd):
        full = self.prefix + list(cmd)
        log.debug("+ %s", shlex.join(full))
        if self.dry_run:
            return ""
        proc = subprocess.run(full, capture_output=True, text=True)
        if proc.returncode:
            raise RuntimeError(f"{shlex.join(cmd)} failed: {proc.stderr.strip()}")
        return proc.stdout


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def unpack(tarball, dest):
    with tarfile.open(tarball) as tf:
        tf.extractall(dest, filter="data")
    manifest = json.loads((Path(dest) / "MANIFEST.json").read_text())
    for rel, digest in manifest["files"].items():
        if sha256(Path(dest) / rel) != digest:
            raise ValueError(f"checksum mismatch for {rel}")
    return manifest


def install(staging, version, priv):
    target = RELEASES / version
    priv.run("install", "-d", "-m", "0755", str(target), str(target / "share"))
    priv.run("install", "-m", "0755", str(staging / "bin" / "crane-telemetry"), str(target / "crane-telemetry"))
    for profile in sorted((staging / "share").glob("*.json")):
        priv.run("install", "-m", "0644", str(profile), str(target / "share" / profile.name))
    priv.run("ln", "-sfn", str(target), str(RELEASES / "current"))
    priv.run("ln", "-sfn", str(RELEASES / "current" / "crane-telemetry"), str(PREFIX / "bin" / "crane-telemetry"))


def previous_release():
    current = (RELEASES / "current").resolve()
    versions = sorted((p for p in RELEASES.iterdir() if p.is_dir() and p.name != "current"),
                      key=lambda p: p.stat().st_mtime)
    older = [p for p in versions if p != current]
    return older[-1] if older else None


def restart(priv):
    priv.run("systemctl", "daemon-reload")
    priv.run("systemctl", "restart", SERVICE)
    state = priv.run("systemctl", "is-active", SERVICE).strip()
    log.info("%s is %s", SERVICE, state or "unknown")


def main(argv=None):
    ap = argparse.ArgumentParser(description="deploy crane telemetry agent")
    ap.add_argument("tarball", nargs="?")
    ap.add_argument("--rollback", action="store_true")
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose or args.dry_run else logging.INFO,
                        format="%(levelname)s %(message)s")
    priv = Privileged(args.dry_run)
    try:
        if args.rollback:
            prev = previous_release()
            if prev is None:
                log.error("no earlier release to roll back to")
                return 1
            priv.run("ln", "-sfn", str(prev), str(RELEASES / "current"))
            log.info("rolled back to %s", prev.name)
        else:
            if not args.tarball:
                ap.error("tarball required unless --rollback")
            with tempfile.TemporaryDirectory(prefix="crane-deploy-") as tmp:
                manifest = unpack(args.tarball, tmp)
                install(Path(tmp), manifest["version"], priv)
                log.info("installed %s", manifest["version"])
        if not args.no_restart:
            restart(priv)
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
