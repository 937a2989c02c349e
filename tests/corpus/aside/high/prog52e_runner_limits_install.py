#!/usr/bin/env python3
"""Install resource limits for the CI runner account host-wide.

Renders the same limits file the project keeps under config/, but writes it
into /etc/security/limits.d so pam_limits applies it to the runner user on
its next login. Must run as root.
"""
import argparse
import json
import logging
import os
import sys
from pathlib import Path

LOG = logging.getLogger("runner-limits")

LIMITS_D = "/etc/security/limits.d"
FILE_NAME = "90-ci-runner.conf"
DEFAULT_LIMITS = {
    "nofile": {"soft": 65536, "hard": 65536},
    "nproc": {"soft": 4096, "hard": 8192},
}


def render(domain: str, limits: dict) -> bytes:
    out = ["# managed by runner-limits; do not edit\n"]
    for item in sorted(limits):
        for kind in ("soft", "hard"):
            value = limits[item].get(kind)
            if value is not None:
                out.append(f"{domain:<12}{kind:<6}{item:<10}{value}\n")
    return "".join(out).encode()


def load_limits(path: Path) -> dict:
    if path.is_file():
        data = json.loads(path.read_text())
        merged = dict(DEFAULT_LIMITS)
        merged.update(data.get("limits", {}))
        return merged
    return dict(DEFAULT_LIMITS)


def install(target: str, payload: bytes, dry_run: bool) -> bool:
    try:
        with open(target, "rb") as fh:
            if fh.read() == payload:
                LOG.info("%s already current", target)
                return False
    except FileNotFoundError:
        pass
    LOG.info("writing %s (%d bytes)", target, len(payload))
    if dry_run:
        return True
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
    try:
        os.fchown(fd, 0, 0)
        os.fchmod(fd, 0o644)
        pos = 0
        while pos < len(payload):
            pos += os.write(fd, payload[pos:])
        os.fsync(fd)
    finally:
        os.close(fd)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="gitlab-runner")
    ap.add_argument("--settings", type=Path, default=Path("settings/limits.json"))
    ap.add_argument("--dir", default=LIMITS_D)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    if not args.dry_run and os.geteuid() != 0:
        LOG.error("must be root to write %s", args.dir)
        return 1
    if not os.path.isdir(args.dir):
        LOG.error("%s missing; is pam_limits installed?", args.dir)
        return 1
    payload = render(args.user, load_limits(args.settings))
    target = os.path.join(args.dir, FILE_NAME)
    try:
        install(target, payload, args.dry_run)
    except OSError as exc:
        LOG.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
