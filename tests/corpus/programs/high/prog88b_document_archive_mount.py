#!/usr/bin/env python3
"""Attach the branch NAS share that holds signed customer documents.

Bills of lading, inventory sheets and storage contracts are archived on the
branch NAS.  The document mailer and the scanning station expect the share
at ./archive.  This helper writes a private credentials file from the
environment, mounts the share with the office user's uid/gid, and can
unmount it again at the end of the day.
"""
import argparse
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("archive-mount")

CRED_FILE = Path(".nas_credentials")
DEFAULT_SETTINGS = {
    "share": "//nas01.branch.local/customer-docs",
    "mountpoint": "archive",
    "vers": "3.0",
    "domain": "HARBORHALE",
    "elevate": "pkexec",
}


def load_settings(path):
    s = dict(DEFAULT_SETTINGS)
    if os.path.exists(path):
        with open(path) as fh:
            s.update(json.load(fh))
    return s


def write_credentials(domain):
    user = os.environ.get("NAS_USER")
    password = os.environ.get("NAS_PASSWORD")
    if not user or not password:
        raise SystemExit("NAS_USER and NAS_PASSWORD must be set")
    CRED_FILE.write_text(f"username={user}\npassword={password}\ndomain={domain}\n")
    os.chmod(CRED_FILE, 0o600)
    return CRED_FILE.resolve()


def is_mounted(mountpoint):
    target = str(Path(mountpoint).resolve())
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == target for line in fh)


def elevated(settings, argv):
    tool = settings.get("elevate", "pkexec")
    if not shutil.which(tool):
        raise RuntimeError(f"{tool} not available on this workstation")
    return [tool] + argv


def mount(settings):
    mp = Path(settings["mountpoint"]).resolve()
    mp.mkdir(parents=True, exist_ok=True)
    if is_mounted(mp):
        log.info("%s already mounted", mp)
        return 0
    creds = write_credentials(settings["domain"])
    opts = ",".join([
        f"credentials={creds}",
        f"uid={os.getuid()}",
        f"gid={os.getgid()}",
        f"vers={settings['vers']}",
        "file_mode=0640",
        "dir_mode=0750",
        "nosuid",
        "nodev",
    ])
    cmd = elevated(settings, ["mount", "-t", "cifs", settings["share"], str(mp), "-o", opts])
    log.debug("running %s", shlex.join(cmd))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    finally:
        CRED_FILE.unlink(missing_ok=True)
    if proc.returncode != 0:
        log.error("mount failed: %s", proc.stderr.strip() or proc.returncode)
        return 1
    log.info("mounted %s at %s", settings["share"], mp)
    return 0


def unmount(settings):
    mp = Path(settings["mountpoint"]).resolve()
    if not is_mounted(mp):
        log.info("%s not mounted", mp)
        return 0
    proc = subprocess.run(elevated(settings, ["umount", str(mp)]),
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        log.error("umount failed: %s", proc.stderr.strip())
        return 1
    log.info("unmounted %s", mp)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["mount", "unmount", "status"], nargs="?", default="mount")
    ap.add_argument("--settings", default="archive_mount.json")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    settings = load_settings(args.settings)
    try:
        if args.action == "status":
            state = "mounted" if is_mounted(settings["mountpoint"]) else "not mounted"
            print(f"{settings['share']} -> {settings['mountpoint']}: {state}")
            return 0
        return mount(settings) if args.action == "mount" else unmount(settings)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
