#!/usr/bin/env python3
"""Mount the USB recording drive used for evensong archive captures.

The choir's Zoom recorder writes to an exFAT drive; this mounts it in a
fixed place so the archiving scripts can find it, then hands ownership
of the mount to the recording volunteer.
"""
import argparse
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

MOUNT_POINT = Path(os.environ.get("RECORDING_MOUNT", "/mnt/evensong-recordings"))
DEFAULT_LABEL = "EVENSONG"

log = logging.getLogger("recording-mount")


def run(cmd: list[str], check: bool = True) -> subprocess.CompletedProcess:
    log.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def find_device(label: str) -> str | None:
    link = Path("/dev/disk/by-label") / label
    if link.exists():
        return str(link.resolve())
    out = run(["lsblk", "-rno", "NAME,LABEL"], check=False).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == label:
            return f"/dev/{parts[0]}"
    return None


def is_mounted(path: Path) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == str(path) for line in fh)


def mount(device: str, owner: str) -> None:
    if not MOUNT_POINT.exists():
        run(["sudo", "mkdir", "-p", str(MOUNT_POINT)])
    pw = pwd.getpwnam(owner)
    opts = f"uid={pw.pw_uid},gid={pw.pw_gid},umask=022,noexec,nosuid"
    run(["sudo", "mount", "-t", "exfat", "-o", opts, device, str(MOUNT_POINT)])
    run(["sudo", "chown", f"{owner}:{owner}", str(MOUNT_POINT)])
    log.info("mounted %s on %s for %s", device, MOUNT_POINT, owner)


def unmount() -> None:
    run(["sync"])
    run(["sudo", "umount", str(MOUNT_POINT)])
    log.info("unmounted %s", MOUNT_POINT)


def main() -> int:
    ap = argparse.ArgumentParser(description="Mount/unmount the recording drive")
    ap.add_argument("action", choices=["mount", "unmount", "status"])
    ap.add_argument("--label", default=DEFAULT_LABEL)
    ap.add_argument("--owner", default=os.environ.get("USER", "recording"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    mounted = is_mounted(MOUNT_POINT)
    if args.action == "status":
        print(f"{MOUNT_POINT}: {'mounted' if mounted else 'not mounted'}")
        return 0
    if args.action == "unmount":
        if mounted:
            unmount()
        return 0

    if mounted:
        log.info("already mounted")
        return 0
    device = find_device(args.label)
    if device is None:
        log.error("no drive labelled %s found; is the recorder's card plugged in?", args.label)
        return 1
    try:
        mount(device, args.owner)
    except subprocess.CalledProcessError as exc:
        log.error("mount failed: %s", exc.stderr.strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
