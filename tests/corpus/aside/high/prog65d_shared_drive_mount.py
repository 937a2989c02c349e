#!/usr/bin/env python3
"""Map the department shared drives on a Linux staff workstation.

Reads shares.toml, writes a protected credentials file, adds each share to
/etc/fstab (so it comes back after a reboot) and mounts it now.

    shares.toml:
        domain = "STAFF"
        username = "jdoe"
        uid = 1000
        [[share]]
        unc = "//files.example.edu/Department"
        mountpoint = "/srv/shares/department"
        [[share]]
        unc = "//files.example.edu/Exams"
        mountpoint = "/srv/shares/exams"
        readonly = true
"""
import argparse
import getpass
import logging
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("shared_drive_mount")

FSTAB = Path("/etc/fstab")
CRED_DIR = Path("/etc/samba/credentials")
MARKER = "# managed-by shared_drive_mount"


def privileged(cmd, **kw):
    if os.geteuid() != 0:
        cmd = ["sudo", "--"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, **kw)


def write_credentials(cfg, password):
    cred_file = CRED_DIR / f"{cfg['username']}.cred"
    body = f"username={cfg['username']}\npassword={password}\ndomain={cfg.get('domain', '')}\n"
    privileged(["install", "-d", "-m", "0700", str(CRED_DIR)])
    privileged(["tee", str(cred_file)], input=body.encode(), stdout=subprocess.DEVNULL)
    privileged(["chmod", "0600", str(cred_file)])
    return cred_file


def fstab_line(share, cfg, cred_file):
    opts = [
        f"credentials={cred_file}",
        f"uid={cfg.get('uid', 1000)}",
        f"gid={cfg.get('gid', cfg.get('uid', 1000))}",
        "vers=3.0",
        "iocharset=utf8",
        "_netdev",
        "nofail",
        "x-systemd.automount",
    ]
    if share.get("readonly"):
        opts.append("ro")
    return f"{share['unc']} {share['mountpoint']} cifs {','.join(opts)} 0 0 {MARKER}"


def update_fstab(lines):
    current = FSTAB.read_text().splitlines()
    kept = [l for l in current if MARKER not in l]
    new = "\n".join(kept + lines) + "\n"
    if new == FSTAB.read_text():
        log.info("fstab already up to date")
        return
    backup = f"{FSTAB}.bak-shared-drive"
    privileged(["cp", "-p", str(FSTAB), backup])
    privileged(["tee", str(FSTAB)], input=new.encode(), stdout=subprocess.DEVNULL)
    log.info("updated %s (backup in %s)", FSTAB, backup)


def mount_share(share):
    mp = share["mountpoint"]
    privileged(["mkdir", "-p", mp])
    if os.path.ismount(mp):
        log.info("%s already mounted", mp)
        return
    try:
        privileged(["mount", mp])
        log.info("mounted %s on %s", share["unc"], mp)
    except subprocess.CalledProcessError as exc:
        log.error("mount of %s failed (%s)", share["unc"], exc.returncode)


def main():
    ap = argparse.ArgumentParser(description="map department shared drives")
    ap.add_argument("-c", "--config", default="shares.toml")
    ap.add_argument("--no-mount", action="store_true", help="only update fstab")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not shutil.which("mount.cifs"):
        log.error("mount.cifs not found; install cifs-utils first")
        return 3
    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)

    password = getpass.getpass(f"Password for {cfg.get('domain', '')}\\{cfg['username']}: ")
    cred_file = write_credentials(cfg, password)
    shares = cfg.get("share", [])
    update_fstab([fstab_line(s, cfg, cred_file) for s in shares])
    if not args.no_mount:
        for share in shares:
            mount_share(share)
    return 0


if __name__ == "__main__":
    sys.exit(main())
