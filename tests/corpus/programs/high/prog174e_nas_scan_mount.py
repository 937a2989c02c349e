#!/usr/bin/env python3
"""Mount the scan NAS share on the photography bench machine.

The flatbed scanner writes straight to the NAS; the catalogue software
expects the share under /mnt/scans. This helper mounts/unmounts it.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("nas_mount")


@dataclass(frozen=True)
class Share:
    server: str = os.environ.get("SCAN_NAS", "192.0.2.40")
    name: str = os.environ.get("SCAN_SHARE", "scans")
    mountpoint: Path = Path(os.environ.get("SCAN_MOUNT", "/mnt/scans"))
    fstype: str = "cifs"

    @property
    def source(self) -> str:
        return f"//{self.server}/{self.name}"

    def options(self) -> str:
        uid, gid = os.getuid(), os.getgid()
        return ",".join(["guest", f"uid={uid}", f"gid={gid}",
                         "file_mode=0644", "dir_mode=0755", "vers=3.0"])


def _elevated(argv):
    prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo"]
    return prefix + argv


def is_mounted(share: Share) -> bool:
    try:
        with open("/proc/mounts") as fh:
            return any(line.split()[1] == str(share.mountpoint) for line in fh)
    except OSError:
        return False


def do_mount(share: Share) -> int:
    if is_mounted(share):
        log.info("%s already mounted", share.mountpoint)
        return 0
    subprocess.run(_elevated(["mkdir", "-p", str(share.mountpoint)]), check=True)
    cmd = _elevated(["mount", "-t", share.fstype, "-o", share.options(),
                     share.source, str(share.mountpoint)])
    log.info("mounting %s on %s", share.source, share.mountpoint)
    return subprocess.run(cmd).returncode


def do_umount(share: Share) -> int:
    if not is_mounted(share):
        log.info("%s not mounted", share.mountpoint)
        return 0
    return subprocess.run(_elevated(["umount", str(share.mountpoint)])).returncode


def do_status(share: Share) -> int:
    state = "mounted" if is_mounted(share) else "not mounted"
    print(f"{share.source} -> {share.mountpoint}: {state}")
    if is_mounted(share):
        usage = shutil.disk_usage(share.mountpoint)
        print(f"  free {usage.free / 2**30:.1f} GiB of {usage.total / 2**30:.1f} GiB")
    return 0


ACTIONS = {"mount": do_mount, "umount": do_umount, "status": do_status}


def main() -> int:
    ap = argparse.ArgumentParser(description="Manage the scan NAS mount")
    ap.add_argument("action", choices=sorted(ACTIONS), nargs="?", default="status")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    rc = ACTIONS[args.action](Share())
    if rc:
        log.error("%s failed with exit code %d", args.action, rc)
    return rc


if __name__ == "__main__":
    sys.exit(main())
