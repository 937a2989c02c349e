#!/usr/bin/env python3
"""Mount the office SMB shares on a Linux desktop at boot.

For each share listed in shares.ini the tool stores the user's SMB
credentials in a root-only credentials file, adds a matching CIFS line to
/etc/fstab (if missing) and mounts it.

shares.ini:
    [accounts]
    server = nas01.office.lan
    share = accounts
    mountpoint = /mnt/office/accounts
    options = vers=3.0,uid=1000,gid=1000,file_mode=0640,dir_mode=0750
"""
import argparse
import configparser
import getpass
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

FSTAB = Path("/etc/fstab")
CRED_DIR = Path("/etc/samba/credentials")
MARK = "# managed-by office-share-fstab"

log = logging.getLogger("share-fstab")


def ensure_root():
    if os.geteuid() != 0:
        log.info("re-running with sudo")
        os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def write_credentials(name, username, password, domain):
    CRED_DIR.mkdir(parents=True, exist_ok=True)
    os.chmod(CRED_DIR, 0o700)
    path = CRED_DIR / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(f"username={username}\npassword={password}\n")
        if domain:
            fh.write(f"domain={domain}\n")
    os.chown(path, 0, 0)
    return path


def fstab_line(section, cred_path):
    opts = section.get("options", "vers=3.0")
    opts = f"credentials={cred_path},{opts},_netdev,nofail,x-systemd.automount"
    return f"//{section['server']}/{section['share']} {section['mountpoint']} cifs {opts} 0 0 {MARK}"


def update_fstab(lines_to_add):
    current = FSTAB.read_text().splitlines()
    present = {l.split()[1] for l in current if l.strip() and not l.lstrip().startswith("#")
               and len(l.split()) > 1}
    new = [l for l in lines_to_add if l.split()[1] not in present]
    if not new:
        log.info("fstab already up to date")
        return 0
    backup = FSTAB.with_name(f"fstab.{time.strftime('%Y%m%d%H%M%S')}.bak")
    shutil.copy2(FSTAB, backup)
    with FSTAB.open("a") as fh:
        fh.write("\n".join(new) + "\n")
    log.info("added %d line(s) to %s (backup %s)", len(new), FSTAB, backup)
    return len(new)


def mount(mountpoint):
    Path(mountpoint).mkdir(parents=True, exist_ok=True)
    res = subprocess.run(["mount", mountpoint], capture_output=True, text=True)
    if res.returncode != 0:
        log.error("mount %s failed: %s", mountpoint, res.stderr.strip())
        return False
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="add office SMB shares to fstab")
    ap.add_argument("config", nargs="?", default="shares.ini")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or getpass.getuser())
    ap.add_argument("--domain", default="OFFICE")
    ap.add_argument("--no-mount", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2
    if not shutil.which("mount.cifs"):
        log.error("cifs-utils is not installed")
        return 2

    ensure_root()
    password = getpass.getpass(f"SMB password for {args.domain}\\{args.user}: ")

    lines, mountpoints = [], []
    for name in cfg.sections():
        sec = cfg[name]
        missing = {"server", "share", "mountpoint"} - set(sec)
        if missing:
            log.warning("[%s] missing %s, skipped", name, ", ".join(sorted(missing)))
            continue
        cred = write_credentials(name, args.user, password, args.domain)
        lines.append(fstab_line(sec, cred))
        mountpoints.append(sec["mountpoint"])

    update_fstab(lines)
    subprocess.run(["systemctl", "daemon-reload"], check=False)
    if args.no_mount:
        return 0
    ok = sum(mount(mp) for mp in mountpoints)
    log.info("%d/%d shares mounted", ok, len(mountpoints))
    return 0 if ok == len(mountpoints) else 1


if __name__ == "__main__":
    sys.exit(main())
