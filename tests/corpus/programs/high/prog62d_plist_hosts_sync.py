#!/usr/bin/env python3
"""Keep the team alias block in /etc/hosts in sync with aliases.plist.

Replaces everything between the generated markers, leaving the rest of the
hosts file untouched. Intended to be run by the workstation bootstrap.
"""
import argparse
import ipaddress
import logging
import os
import plistlib
import shutil
import sys
import tempfile
from datetime import datetime, timezone

log = logging.getLogger("hosts-sync")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> team aliases (generated) >>>"
END = "# <<< team aliases (generated) <<<"


def load_aliases(plist_path):
    with open(plist_path, "rb") as fh:
        doc = plistlib.load(fh)
    result = []
    for idx, item in enumerate(doc.get("Aliases", [])):
        try:
            addr = ipaddress.ip_address(item["Address"])
        except (KeyError, ValueError) as exc:
            log.warning("entry %d skipped: %s", idx, exc)
            continue
        names = item.get("Names") or []
        if isinstance(names, str):
            names = [names]
        if names:
            result.append((addr, sorted({n.lower() for n in names})))
    return result


def render_block(aliases, source):
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = [BEGIN, f"# source: {source}  synced: {stamp}"]
    for addr, names in sorted(aliases, key=lambda t: (t[0].version, t[0])):
        lines.append(f"{addr}\t{' '.join(names)}")
    lines.append(END)
    return lines


def splice(existing, block):
    out, inside, placed = [], False, False
    for line in existing:
        stripped = line.rstrip("\n")
        if stripped == BEGIN:
            inside = True
            out.extend(l + "\n" for l in block)
            placed = True
            continue
        if stripped == END:
            inside = False
            continue
        if not inside:
            out.append(line if line.endswith("\n") else line + "\n")
    if not placed:
        out.append("\n")
        out.extend(l + "\n" for l in block)
    return out


def install(lines, target):
    st = os.stat(target)
    shutil.copy2(target, target + ".bak")
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.writelines(lines)
    os.chmod(tmp, 0o644)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, target)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("plist", nargs="?", default="config/aliases.plist")
    ap.add_argument("--hosts", default=HOSTS_FILE)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    aliases = load_aliases(args.plist)
    with open(args.hosts, encoding="utf-8") as fh:
        current = fh.readlines()
    new = splice(current, render_block(aliases, args.plist))
    if args.dry_run:
        sys.stdout.writelines(new)
        return 0
    try:
        install(new, args.hosts)
    except PermissionError:
        log.error("need root to update %s", args.hosts)
        return 1
    log.info("%s updated with %d alias line(s)", args.hosts, len(aliases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
