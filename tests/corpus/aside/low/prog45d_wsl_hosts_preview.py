#!/usr/bin/env python3
"""Preview how the Windows hosts file would merge into the WSL one.

Reads the Windows hosts file through the /mnt/c mount and the Linux
/etc/hosts, and writes the merged result to ./hosts.merged together with
a diff so a human can decide what to do with it. Nothing outside the
current directory is modified.
"""
import argparse
import difflib
import ipaddress
import logging
import sys
from collections import OrderedDict
from pathlib import Path

log = logging.getLogger("hosts-preview")

WINDOWS_HOSTS = Path("/mnt/c/Windows/System32/drivers/etc/hosts")
LINUX_HOSTS = Path("/etc/hosts")
MARK_BEGIN = "# >>> imported from Windows hosts >>>"
MARK_END = "# <<< imported from Windows hosts <<<"


def parse_hosts(text: str) -> "OrderedDict[str, list[str]]":
    entries: "OrderedDict[str, list[str]]" = OrderedDict()
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        try:
            ipaddress.ip_address(fields[0])
        except ValueError:
            log.debug("line %d: not an address: %r", lineno, fields[0])
            continue
        for name in fields[1:]:
            entries.setdefault(name.lower(), []).append(fields[0])
    return entries


def strip_previous_import(lines: list) -> list:
    out, skipping = [], False
    for line in lines:
        if line.strip() == MARK_BEGIN:
            skipping = True
            continue
        if line.strip() == MARK_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return out


def merge(linux_text: str, windows_text: str, skip_local: bool) -> str:
    linux_lines = strip_previous_import(linux_text.splitlines())
    known = parse_hosts("\n".join(linux_lines))
    imported = []
    for name, addrs in parse_hosts(windows_text).items():
        if name in known:
            continue
        addr = addrs[-1]
        if skip_local and ipaddress.ip_address(addr).is_loopback:
            continue
        imported.append(f"{addr}\t{name}")
    if not imported:
        return "\n".join(linux_lines) + "\n"
    block = [MARK_BEGIN, *sorted(imported), MARK_END]
    return "\n".join(linux_lines + [""] + block) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--windows-hosts", type=Path, default=WINDOWS_HOSTS)
    ap.add_argument("--output", type=Path, default=Path("hosts.merged"))
    ap.add_argument("--keep-loopback", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    try:
        win = args.windows_hosts.read_text(encoding="utf-8", errors="replace")
        lin = LINUX_HOSTS.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        log.error("missing hosts file: %s (is this WSL?)", exc.filename)
        return 1

    merged = merge(lin, win, skip_local=not args.keep_loopback)
    args.output.write_text(merged, encoding="utf-8")
    diff = difflib.unified_diff(lin.splitlines(True), merged.splitlines(True),
                                "/etc/hosts", str(args.output))
    sys.stdout.writelines(diff)
    log.info("merged preview written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
