#!/usr/bin/env python3
"""Mount the drone survey NAS share on the mine planning workstation.

Survey flights land their orthomosaics and point clouds on the NAS; the
planning software expects them under /mnt/survey.
"""
import argparse
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("survey.mount")

FSTAB = Path("/etc") / "fstab"


@dataclass
class Share:
    server: str = os.environ.get("SURVEY_NAS", "192.0.2.20")
    export: str = os.environ.get("SURVEY_EXPORT", "/volume1/survey")
    mountpoint: Path = Path(os.environ.get("SURVEY_MNT", "/mnt/survey"))
    fstype: str = "nfs4"
    options: list = field(default_factory=lambda: ["ro", "noatime", "_netdev", "soft", "timeo=50"])

    @property
    def source(self):
        return "{}:{}".format(self.server, self.export)

    def fstab_line(self):
        return "{} {} {} {} 0 0".format(self.source, self.mountpoint, self.fstype,
                                        ",".join(self.options))


def elevate(argv):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    return prefix + argv


def sh(argv, check=True, capture=False):
    full = elevate(argv)
    log.debug("run %s", shlex.join(full))
    return subprocess.run(full, check=check, text=True,
                          capture_output=capture)


def is_mounted(share):
    with open("/proc/self/mounts") as fh:
        return any(line.split()[1] == str(share.mountpoint) for line in fh)


def do_mount(share):
    if is_mounted(share):
        log.info("%s already mounted", share.mountpoint)
        return
    sh(["mkdir", "-p", str(share.mountpoint)])
    sh(["mount", "-t", share.fstype, "-o", ",".join(share.options),
        share.source, str(share.mountpoint)])
    log.info("mounted %s on %s", share.source, share.mountpoint)


def do_umount(share):
    if not is_mounted(share):
        log.info("%s not mounted", share.mountpoint)
        return
    sh(["umount", str(share.mountpoint)])


def do_persist(share):
    line = share.fstab_line()
    current = FSTAB.read_text() if FSTAB.exists() else ""
    if any(l.split()[:2] == line.split()[:2] for l in current.splitlines() if l.strip()):
        log.info("fstab already has an entry for %s", share.mountpoint)
        return
    proc = subprocess.run(elevate(["tee", "-a", str(FSTAB)]), input=line + "\n",
                          text=True, stdout=subprocess.DEVNULL, check=True)
    log.info("fstab updated (rc=%s)", proc.returncode)


def do_status(share):
    print("{} -> {}: {}".format(share.source, share.mountpoint,
                                "mounted" if is_mounted(share) else "not mounted"))


COMMANDS = {
    "mount": do_mount,
    "umount": do_umount,
    "persist": do_persist,
    "status": do_status,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=sorted(COMMANDS), nargs="?", default="mount")
    ap.add_argument("--rw", action="store_true", help="mount read-write")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    share = Share()
    if args.rw:
        share.options[0] = "rw"
    try:
        COMMANDS[args.command](share)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
