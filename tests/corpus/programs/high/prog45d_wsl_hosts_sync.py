#!/usr/bin/env python3
"""Keep the WSL /etc/hosts in step with the Windows hosts file.

WSL only copies the Windows hosts file at distro start-up when
generateHosts is on; we turned that off, so this merges the entries that
the Windows side adds (VPN, docker desktop, dev domains) into /etc/hosts.
Run it as root after connecting the VPN.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
import tempfile
from collections import OrderedDict
from pathlib import Path

log = logging.getLogger("hosts-sync")

WINDOWS_HOSTS = Path("/mnt/c/Windows/System32/drivers/etc/hosts")
LINUX_HOSTS = Path("/etc/hosts")
MARK_BEGIN = "# >>> imported from Windows hosts >>>"
MARK_END = "# <<< imported from Windows hosts <<<"


def parse_hosts(text: str) -> "OrderedDict[str, list[str]]":
    entries: "OrderedDict[str, list[str]]" = OrderedDict()
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        try:
            ipaddress.ip_address(fields[0])
        except ValueError:
            continue
        for name in fields[1:]:
            entries.setdefault(name.lower(), []).append(fields[0])
    return entries


def strip_previous_import(lines: list) -> list:
    out, skipping = [], False
    for line in lines:
        marker = line.strip()
        if marker == MARK_BEGIN:
            skipping = True
        elif marker == MARK_END:
            skipping = False
        elif not skipping:
            out.append(line)
    return out


def merge(linux_text: str, windows_text: str) -> str:
    linux_lines = strip_previous_import(linux_text.splitlines())
    known = parse_hosts("\n".join(linux_lines))
    imported = sorted(f"{addrs[-1]}\t{name}"
                      for name, addrs in parse_hosts(windows_text).items()
                      if name not in known and not ipaddress.ip_address(addrs[-1]).is_loopback)
    if not imported:
        return "\n".join(linux_lines) + "\n"
    return "\n".join(linux_lines + ["", MARK_BEGIN, *imported, MARK_END]) + "\n"


def replace_system_hosts(new_text: str, keep_backup: bool) -> None:
    st = LINUX_HOSTS.stat()
    if keep_backup:
        shutil.copy2(LINUX_HOSTS, LINUX_HOSTS.with_name("hosts.wslsync.bak"))
    fd, tmp = tempfile.mkstemp(dir=str(LINUX_HOSTS.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(new_text)
        os.chmod(tmp, 0o644)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, LINUX_HOSTS)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--windows-hosts", type=Path, default=WINDOWS_HOSTS)
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO)

    if os.geteuid() != 0:
        log.error("must run as root to update %s", LINUX_HOSTS)
        return 1
    try:
        win = args.windows_hosts.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        log.error("Windows hosts file not found at %s", args.windows_hosts)
        return 1

    current = LINUX_HOSTS.read_text(encoding="utf-8")
    merged = merge(current, win)
    if merged == current:
        log.info("/etc/hosts already up to date")
        return 0
    replace_system_hosts(merged, keep_backup=not args.no_backup)
    log.info("updated %s", LINUX_HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
