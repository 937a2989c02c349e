#!/usr/bin/env python3
"""Manage local development domains in /etc/hosts.

Adds or removes a clearly marked block of entries such as
'127.0.0.1 api.myapp.test' so that local services can be reached by name.
Must be run as root; a backup of /etc/hosts is kept next to it.
"""
import argparse
import ipaddress
import logging
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("devhosts")

HOSTS = Path("/etc/hosts")
BACKUP = Path("/etc/hosts.devhosts.bak")
BEGIN = "# >>> devhosts managed block >>>"
END = "# <<< devhosts managed block <<<"
NAME_RE = re.compile(r"^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$")


def read_hosts() -> tuple:
    text = HOSTS.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END) + r"\n?", re.S)
    m = pattern.search(text)
    entries = {}
    if m:
        for line in m.group(1).splitlines():
            parts = line.split()
            if len(parts) >= 2:
                for name in parts[1:]:
                    entries[name] = parts[0]
        text = text[:m.start()] + text[m.end():]
    return text.rstrip("\n") + "\n", entries


def render_block(entries: dict) -> str:
    if not entries:
        return ""
    lines = [BEGIN]
    for name in sorted(entries):
        lines.append(f"{entries[name]}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def write_hosts(base: str, entries: dict) -> None:
    shutil.copy2(HOSTS, BACKUP)
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(base + render_block(entries))
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    log.info("updated %s (backup at %s)", HOSTS, BACKUP)


def validate(name: str, address: str) -> None:
    if not NAME_RE.match(name):
        raise ValueError(f"invalid host name: {name}")
    ipaddress.ip_address(address)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Manage dev domains in /etc/hosts")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_add = sub.add_parser("add")
    p_add.add_argument("names", nargs="+")
    p_add.add_argument("--ip", default="127.0.0.1")
    p_rm = sub.add_parser("remove")
    p_rm.add_argument("names", nargs="+")
    sub.add_parser("list")
    sub.add_parser("clear")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        base, entries = read_hosts()
        if args.cmd == "list":
            for name, addr in sorted(entries.items()):
                print(f"{addr}\t{name}")
            return 0
        if os.geteuid() != 0:
            log.error("modifying %s requires root", HOSTS)
            return 2
        if args.cmd == "add":
            for name in args.names:
                validate(name.lower(), args.ip)
                entries[name.lower()] = args.ip
        elif args.cmd == "remove":
            for name in args.names:
                entries.pop(name.lower(), None)
        elif args.cmd == "clear":
            entries = {}
        write_hosts(base, entries)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    print(f"{len(entries)} managed entries in {HOSTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
