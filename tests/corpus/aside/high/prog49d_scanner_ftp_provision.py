#!/usr/bin/env python3
"""Provision a chrooted vsftpd upload target for the office scanners.

The multifunction printers can only 'scan to FTP', so this host receives
their uploads into /srv/scans. Must be able to sudo.
"""
import argparse
import logging
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("scan-ftp")

VSFTPD_CONF = Path("/etc/vsftpd.conf")
USER_LIST = Path("/etc/vsftpd.userlist")

TEMPLATE = textwrap.dedent("""\
    # managed by scan-ftp provisioner
    listen=YES
    listen_address={listen}
    anonymous_enable=NO
    local_enable=YES
    write_enable=YES
    local_umask=027
    chroot_local_user=YES
    allow_writeable_chroot=YES
    userlist_enable=YES
    userlist_file={userlist}
    userlist_deny=NO
    pasv_min_port={pasv_lo}
    pasv_max_port={pasv_hi}
    xferlog_enable=YES
    """)


def run(cmd, *, stdin=None, check=True):
    log.debug("+ %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, input=stdin, text=True, check=check,
                          capture_output=True)


def sudo_write(path: Path, content: str) -> None:
    run(["sudo", "tee", str(path)], stdin=content)
    run(["sudo", "chmod", "0644", str(path)])


def ensure_package() -> None:
    if run(["dpkg", "-s", "vsftpd"], check=False).returncode != 0:
        log.info("installing vsftpd")
        run(["sudo", "apt-get", "install", "-y", "vsftpd"])


def ensure_user(name: str, home: str) -> None:
    if run(["id", name], check=False).returncode == 0:
        log.info("user %s already exists", name)
        return
    run(["sudo", "useradd", "--system", "--home-dir", home, "--shell",
         "/usr/sbin/nologin", name])
    run(["sudo", "install", "-d", "-o", name, "-g", name, "-m", "0750", home])
    log.info("created user %s; set its password with: sudo passwd %s", name, name)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--listen", default="192.168.10.5", help="LAN address of this host")
    ap.add_argument("--user", default="scanner")
    ap.add_argument("--home", default="/srv/scans")
    ap.add_argument("--pasv", default="40000-40050")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    lo, hi = args.pasv.split("-")
    conf = TEMPLATE.format(listen=args.listen, userlist=USER_LIST, pasv_lo=lo, pasv_hi=hi)
    if args.dry_run:
        print(conf)
        return 0
    try:
        ensure_package()
        ensure_user(args.user, args.home)
        if VSFTPD_CONF.exists():
            run(["sudo", "cp", "-p", str(VSFTPD_CONF), f"{VSFTPD_CONF}.orig"], check=False)
        sudo_write(VSFTPD_CONF, conf)
        sudo_write(USER_LIST, args.user + "\n")
        run(["sudo", "systemctl", "enable", "--now", "vsftpd"])
        run(["sudo", "systemctl", "restart", "vsftpd"])
    except subprocess.CalledProcessError as exc:
        log.error("command failed (%s): %s", exc.returncode, exc.stderr.strip())
        return 1
    log.info("vsftpd listening on %s, uploads land in %s", args.listen, args.home)
    return 0


if __name__ == "__main__":
    sys.exit(main())
