#!/usr/bin/env python3
"""Apply a journald retention policy so logs survive long enough for the
log shipper to pick them up, without filling the root filesystem.

Writes a drop-in under /etc/systemd/journald.conf.d/ and restarts
systemd-journald.  Must run as root (usually from the provisioning step).
"""
import argparse
import configparser
import io
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("journald_tuner")

DROPIN_DIR = "/etc/systemd/journald.conf.d"
DROPIN_NAME = "50-observability-retention.conf"

PROFILES = {
    "small": {"SystemMaxUse": "512M", "SystemKeepFree": "1G", "MaxRetentionSec": "2week"},
    "default": {"SystemMaxUse": "2G", "SystemKeepFree": "2G", "MaxRetentionSec": "1month"},
    "large": {"SystemMaxUse": "8G", "SystemKeepFree": "4G", "MaxRetentionSec": "3month"},
}


def disk_free_bytes(path="/var/log"):
    usage = shutil.disk_usage(path)
    return usage.free


def choose_profile(requested):
    if requested != "auto":
        return requested
    free = disk_free_bytes()
    if free < 10 * 1024 ** 3:
        return "small"
    if free > 100 * 1024 ** 3:
        return "large"
    return "default"


def render(settings, compress, rate_burst):
    parser = configparser.ConfigParser()
    parser.optionxform = str  # keep journald's CamelCase keys
    journal = {"Storage": "persistent", "Compress": "yes" if compress else "no"}
    journal.update(settings)
    if rate_burst:
        journal["RateLimitIntervalSec"] = "30s"
        journal["RateLimitBurst"] = str(rate_burst)
    parser["Journal"] = journal
    buf = io.StringIO()
    buf.write("# Managed by observability provisioning; local edits will be overwritten.\n")
    parser.write(buf, space_around_delimiters=False)
    return buf.getvalue()


def write_dropin(content, dry_run):
    path = os.path.join(DROPIN_DIR, DROPIN_NAME)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            if fh.read() == content:
                log.info("%s unchanged", path)
                return path, False
        backup = f"{path}.{int(time.time())}.bak"
        if not dry_run:
            shutil.copy2(path, backup)
        log.info("backed up existing drop-in to %s", backup)
    if dry_run:
        log.info("[dry-run] would write %s:\n%s", path, content)
        return path, True
    os.makedirs(DROPIN_DIR, mode=0o755, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(content)
    os.chmod(path, 0o644)
    return path, True


def restart_journald(dry_run):
    cmd = ["systemctl", "restart", "systemd-journald.service"]
    if dry_run:
        log.info("[dry-run] would run: %s", " ".join(cmd))
        return True
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        log.error("restart failed: %s", result.stderr.strip())
        return False
    status = subprocess.run(["systemctl", "is-active", "systemd-journald.service"],
                            capture_output=True, text=True)
    return status.stdout.strip() == "active"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", choices=["auto"] + sorted(PROFILES), default="auto")
    ap.add_argument("--no-compress", action="store_true")
    ap.add_argument("--rate-burst", type=int, default=20000)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must be run as root (or use --dry-run)")
        return 1

    profile = choose_profile(args.profile)
    log.info("using retention profile '%s'", profile)
    content = render(PROFILES[profile], not args.no_compress, args.rate_burst)
    path, changed = write_dropin(content, args.dry_run)
    if changed and not restart_journald(args.dry_run):
        return 2
    log.info("journald retention applied via %s", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
