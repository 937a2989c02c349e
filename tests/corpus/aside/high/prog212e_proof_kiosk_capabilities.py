#!/usr/bin/env python3
"""Prepare the proof kiosk binary in the studio reception.

The kiosk (`proofd`, built from the studio repo into ./bin) shows the
couple's proofs on the reception screen and must listen on port 80 so the
tablet's bookmark works. Instead of running it as root, this tool grants
the binary the bind capability and checks that it took effect.
"""
import argparse
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("kiosk-caps")
WANTED_CAP = "cap_net_bind_service=+ep"


class KioskBinary:
    def __init__(self, path):
        self.path = Path(path).resolve()

    def check(self):
        if not self.path.is_file():
            raise FileNotFoundError(f"{self.path} not found; build proofd first")
        if not os.access(self.path, os.X_OK):
            raise PermissionError(f"{self.path} is not executable")
        with open(self.path, "rb") as fh:
            if fh.read(4) != b"\x7fELF":
                raise ValueError(f"{self.path} is not an ELF binary")

    def digest(self):
        h = hashlib.sha256()
        with open(self.path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 16), b""):
                h.update(block)
        return h.hexdigest()

    def current_caps(self):
        getcap = shutil.which("getcap") or "/usr/sbin/getcap"
        result = subprocess.run([getcap, str(self.path)],
                                capture_output=True, text=True)
        return result.stdout.strip()


def grant_capability(binary, dry_run):
    script = (
        'set -e\n'
        'setcap "$KIOSK_CAP" "$KIOSK_BIN"\n'
        'getcap "$KIOSK_BIN"\n'
    )
    env = dict(os.environ, KIOSK_CAP=WANTED_CAP, KIOSK_BIN=str(binary.path))
    cmd = ["sudo", "--preserve-env=KIOSK_CAP,KIOSK_BIN", "bash", "-c", script]
    if dry_run:
        LOG.info("dry run: would run %s", cmd)
        return True
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("setcap failed: %s", proc.stderr.strip())
        return False
    LOG.info("setcap output: %s", proc.stdout.strip())
    return True


def record(binary, log_path):
    line = f"{binary.path}\t{binary.digest()}\t{binary.current_caps()}\n"
    with open(log_path, "a") as fh:
        fh.write(line)
    os.chmod(log_path, 0o600)


def main():
    ap = argparse.ArgumentParser(description="grant port-80 capability to proofd")
    ap.add_argument("--binary", default="./bin/proofd")
    ap.add_argument("--log", default="./kiosk-caps.log")
    ap.add_argument("--force", action="store_true",
                    help="re-apply even if the capability is present")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    binary = KioskBinary(args.binary)
    try:
        binary.check()
    except (FileNotFoundError, PermissionError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2

    caps = binary.current_caps()
    if "cap_net_bind_service" in caps and not args.force:
        LOG.info("capability already present: %s", caps)
        return 0
    if not grant_capability(binary, args.dry_run):
        return 1
    if not args.dry_run:
        record(binary, args.log)
        if "cap_net_bind_service" not in binary.current_caps():
            LOG.error("capability did not stick (filesystem mounted nosuid?)")
            return 1
    LOG.info("proofd can now bind port 80 without root")
    return 0


if __name__ == "__main__":
    sys.exit(main())
