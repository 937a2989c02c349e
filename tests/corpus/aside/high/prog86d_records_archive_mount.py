#!/usr/bin/env python3
"""Attach the interment records archive share on an office workstation.

Scanned burial permits, deeds and interment cards live on the cemetery's
NAS.  This tool mounts the archive share read-only at a fixed location so
the plot-map exporter and the records clerk's tools find it in the same
place on every machine, and (by default) records it so it comes back after
a reboot.
"""
import argparse
import configparser
import logging
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("archive-mount")

FSTAB = "/etc/fstab"
MARKER = "# records-archive"


def read_profile(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    s = cp["archive"]
    return {
        "server": s["server"],
        "share": s.get("share", "records"),
        "mountpoint": s.get("mountpoint", "/mnt/records-archive"),
        "credentials": s.get("credentials_file", "/root/.smb-records"),
        "uid": s.get("uid", str(os.getuid())),
        "vers": s.get("smb_version", "3.0"),
    }


def elevate(cmd):
    if os.geteuid() == 0:
        return cmd
    helper = shutil.which("sudo") or shutil.which("doas")
    if not helper:
        raise PermissionError("need root, sudo or doas")
    return [helper] + cmd


def mount_options(p):
    return ",".join([
        "ro",
        f"credentials={p['credentials']}",
        f"uid={p['uid']}",
        f"vers={p['vers']}",
        "iocharset=utf8",
        "nofail",
        "_netdev",
    ])


def is_mounted(mountpoint):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def do_mount(p):
    src = f"//{p['server']}/{p['share']}"
    mp = p["mountpoint"]
    if is_mounted(mp):
        log.info("%s already mounted", mp)
        return
    subprocess.run(elevate(["mkdir", "-p", mp]), check=True)
    cmd = elevate(["mount", "-t", "cifs", src, mp, "-o", mount_options(p)])
    log.info("mounting %s on %s", src, mp)
    log.debug("%s", shlex.join(cmd))
    subprocess.run(cmd, check=True)


def persist(p):
    src = f"//{p['server']}/{p['share']}"
    line = f"{src} {p['mountpoint']} cifs {mount_options(p)} 0 0 {MARKER}\n"
    current = Path(FSTAB).read_text()
    if MARKER in current:
        log.info("fstab entry already present")
        return
    if os.access(FSTAB, os.W_OK):
        with open(FSTAB, "a") as fh:
            fh.write(line)
    else:
        subprocess.run(elevate(["tee", "-a", FSTAB]), input=line, text=True,
                       stdout=subprocess.DEVNULL, check=True)
    log.info("added fstab entry for %s", p["mountpoint"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-p", "--profile", default="archive.ini")
    ap.add_argument("--no-persist", action="store_true",
                    help="mount for this session only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        prof = read_profile(args.profile)
    except (FileNotFoundError, KeyError) as exc:
        log.error("bad profile: %s", exc)
        return 2

    try:
        do_mount(prof)
        if not args.no_persist:
            persist(prof)
    except (subprocess.CalledProcessError, PermissionError) as exc:
        log.error("%s", exc)
        return 1
    log.info("archive available at %s", prof["mountpoint"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
