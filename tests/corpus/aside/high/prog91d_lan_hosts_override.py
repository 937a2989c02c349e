#!/usr/bin/env python3
"""Point tournament service names at the on-site servers.

On event days the venue DNS is unreliable, so the admin and caster laptops
resolve bracket, overlay, anti-cheat and game server names from a managed
block in the hosts file. The entries live in a plain text file
(lan_hosts.txt, "name ip" per line). Running this replaces the managed block
and leaves everything else in the hosts file untouched.

    lan_hosts_override.py                    # apply lan_hosts.txt
    lan_hosts_override.py --remove           # drop the managed block
    lan_hosts_override.py --show             # print the resulting file
"""
import argparse
import ipaddress
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("lan-hosts")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> lan-event managed block >>>"
END = "# <<< lan-event managed block <<<"
NAME_RE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


def read_entries(path):
    entries = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            name, ip = line.split()
            ipaddress.ip_address(ip)
        except ValueError:
            raise ValueError(f"{path}:{lineno}: expected 'name ip', got {raw!r}")
        if not NAME_RE.match(name.lower()):
            raise ValueError(f"{path}:{lineno}: bad host name {name!r}")
        entries.append((name.lower(), ip))
    return entries


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n"


def build_hosts(current, entries):
    base = strip_block(current)
    if not entries:
        return base
    width = max(len(ip) for _, ip in entries)
    block = [BEGIN] + [f"{ip:<{width}}  {name}" for name, ip in entries] + [END]
    return base + "\n" + "\n".join(block) + "\n"


def elevated_write(path, content):
    """Write a root-owned file, asking for admin rights through polkit if needed."""
    if os.access(path, os.W_OK):
        path.write_text(content)
        return
    helper = shutil.which("pkexec")
    if helper is None:
        raise RuntimeError("pkexec not found; run as root")
    tee = shutil.which("tee") or "/usr/bin/tee"
    proc = subprocess.run([helper, tee, str(path)], input=content, text=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise RuntimeError(f"pkexec tee failed ({proc.returncode}): {proc.stderr.strip()}")


def main():
    ap = argparse.ArgumentParser(description="manage the LAN event hosts block")
    ap.add_argument("--entries", default="lan_hosts.txt", type=Path)
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        entries = [] if args.remove else read_entries(args.entries)
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    current = HOSTS.read_text(encoding="utf-8")
    new = build_hosts(current, entries)
    if args.show:
        sys.stdout.write(new)
        return 0
    if new == current:
        log.info("hosts file already up to date")
        return 0

    Path("hosts.before").write_text(current)
    try:
        elevated_write(HOSTS, new)
    except (OSError, RuntimeError) as exc:
        log.error("could not update %s: %s", HOSTS, exc)
        return 1
    log.info("%s %d entries (backup in ./hosts.before)",
             "removed" if args.remove else "applied", len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
