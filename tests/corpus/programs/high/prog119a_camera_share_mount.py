#!/usr/bin/env python3
"""Mount the NAS share that holds the workshop camera archive.

The camera archiver writes to /mnt/workshop-cams, which is the 'cams' share
on the Synology in the office. This mounts it (CIFS, SMB3) using the
credentials file the office set up, checks it is writable, and can unmount
it again before the NAS's nightly maintenance window.

    python3 camera_share_mount.py            # mount
    python3 camera_share_mount.py --status
    python3 camera_share_mount.py --unmount
"""
import argparse
import configparser
import logging
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("cam-mount")

DEFAULT_CONF = Path("~/.config/workshop/nas.ini").expanduser()


def load_conf(path: Path) -> dict:
    cp = configparser.ConfigParser()
    cp["nas"] = {"server": "nas.local", "share": "cams", "mountpoint": "/mnt/workshop-cams",
                 "credentials": str(Path("~/.config/workshop/nas.cred").expanduser()),
                 "vers": "3.0"}
    if path.exists():
        cp.read(path)
    return dict(cp["nas"])


def is_mounted(mountpoint: str) -> bool:
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mountpoint for line in fh)


def privileged(cmd):
    full = cmd if os.geteuid() == 0 else ["sudo", "-n"] + cmd
    log.debug("running %s", shlex.join(full))
    return subprocess.run(full, capture_output=True, text=True)


def mount(conf: dict, retries: int = 3) -> bool:
    mp = conf["mountpoint"]
    if is_mounted(mp):
        log.info("%s already mounted", mp)
        return True
    cred = Path(conf["credentials"])
    if not cred.exists():
        log.error("credentials file %s missing (username=/password= lines)", cred)
        return False
    if not os.path.isdir(mp):
        res = privileged(["mkdir", "-p", mp])
        if res.returncode:
            log.error("cannot create %s: %s", mp, res.stderr.strip())
            return False
    opts = ",".join([f"credentials={cred}", f"uid={os.getuid()}", f"gid={os.getgid()}",
                     f"vers={conf['vers']}", "file_mode=0664", "dir_mode=0775", "_netdev", "nofail"])
    source = f"//{conf['server']}/{conf['share']}"
    for attempt in range(1, retries + 1):
        res = privileged(["mount", "-t", "cifs", source, mp, "-o", opts])
        if res.returncode == 0:
            log.info("mounted %s on %s", source, mp)
            return True
        log.warning("mount attempt %d failed: %s", attempt, res.stderr.strip() or res.returncode)
        time.sleep(5 * attempt)
    return False


def unmount(conf: dict) -> bool:
    mp = conf["mountpoint"]
    if not is_mounted(mp):
        log.info("%s is not mounted", mp)
        return True
    res = privileged(["umount", mp])
    if res.returncode:
        log.error("umount failed: %s (is the archiver still writing?)", res.stderr.strip())
        return False
    log.info("unmounted %s", mp)
    return True


def check_writable(mp: str) -> bool:
    probe = Path(mp) / f".write-test-{os.getpid()}"
    try:
        probe.write_text("ok")
        probe.unlink()
        return True
    except OSError as exc:
        log.error("share mounted but not writable: %s", exc)
        return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=DEFAULT_CONF)
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--unmount", action="store_true")
    g.add_argument("--status", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)s %(message)s")

    conf = load_conf(args.config)
    if args.status:
        print("mounted" if is_mounted(conf["mountpoint"]) else "not mounted")
        return 0
    if args.unmount:
        return 0 if unmount(conf) else 1
    if not mount(conf):
        return 1
    return 0 if check_writable(conf["mountpoint"]) else 1


if __name__ == "__main__":
    sys.exit(main())
