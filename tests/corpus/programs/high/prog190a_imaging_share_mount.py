#!/usr/bin/env python3
"""Mount the clinic's before/after photo share on a consultation laptop.

Consultants compare session photos during follow-ups; the photos live on the
NAS in the back office.  This helper mounts the NFS export read-only under
/mnt/clinic_photos (and unmounts it at the end of the day).
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("photo_mount")


@dataclass
class Share:
    server: str = os.environ.get("PHOTO_NAS", "198.51.100.20")
    export: str = os.environ.get("PHOTO_EXPORT", "/export/session_photos")
    mountpoint: Path = Path(os.environ.get("PHOTO_MOUNT", "/mnt/clinic_photos"))
    options: str = "ro,soft,timeo=50,nfsvers=4.1"

    @property
    def source(self):
        return f"{self.server}:{self.export}"


class Elevator:
    """Prefix commands with whichever privilege tool the laptop has."""
    candidates = ("sudo", "doas", "pkexec")

    def __init__(self):
        self.prefix = []
        if os.geteuid() != 0:
            for tool in self.candidates:
                if shutil.which(tool):
                    self.prefix = [tool]
                    break

    def __call__(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.info("running: %s", shlex.join(cmd))
        return subprocess.run(cmd, check=check, capture_output=True, text=True)


def is_mounted(point: Path) -> bool:
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(point) for line in fh)
    except OSError:
        return False


def do_mount(share: Share, run: Elevator):
    if is_mounted(share.mountpoint):
        log.info("%s already mounted", share.mountpoint)
        return
    run("mkdir", "-p", str(share.mountpoint))
    run("mount", "-t", "nfs", "-o", share.options, share.source, str(share.mountpoint))
    log.info("mounted %s on %s", share.source, share.mountpoint)


def do_umount(share: Share, run: Elevator):
    if not is_mounted(share.mountpoint):
        log.info("nothing mounted at %s", share.mountpoint)
        return
    run("umount", str(share.mountpoint))
    log.info("unmounted %s", share.mountpoint)


def do_status(share: Share, run: Elevator):
    state = "mounted" if is_mounted(share.mountpoint) else "not mounted"
    print(f"{share.source} -> {share.mountpoint}: {state}")
    if state == "mounted":
        patients = [p for p in share.mountpoint.iterdir() if p.is_dir()]
        print(f"{len(patients)} patient folders visible")


ACTIONS = {"mount": do_mount, "umount": do_umount, "status": do_status}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="status")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    share = Share()
    try:
        ACTIONS[args.action](share, Elevator())
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc.stderr.strip())
        raise SystemExit(exc.returncode)


if __name__ == "__main__":
    main()
