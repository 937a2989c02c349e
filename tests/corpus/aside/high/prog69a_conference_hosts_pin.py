#!/usr/bin/env python3
"""Pin the conference submission server's address during the deadline crunch.

Every year on deadline day the campus resolver times out on the submission
site's CDN and half the group cannot upload camera-ready PDFs.  This tool
resolves the hosts once through a public DoH resolver and writes them into
the hosts file inside a marked block, so the pins can be removed cleanly
afterwards with --remove.

    conference_hosts_pin.py openreview.net cmt3.research.microsoft.com
    conference_hosts_pin.py --remove
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import tempfile
import urllib.parse
import urllib.request

log = logging.getLogger("hosts-pin")

HOSTS_FILE = os.environ.get("HOSTS_FILE", "/etc/hosts")
BEGIN = "# >>> conference-deadline pins >>>"
END = "# <<< conference-deadline pins <<<"
DOH = "https://cloudflare-dns.com/dns-query"


def resolve(name):
    query = urllib.parse.urlencode({"name": name, "type": "A"})
    req = urllib.request.Request(f"{DOH}?{query}", headers={"Accept": "application/dns-json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        answer = json.load(resp).get("Answer", [])
    addrs = [a["data"] for a in answer if a.get("type") == 1]
    for addr in addrs:
        ipaddress.IPv4Address(addr)
    return addrs


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def build_block(pins):
    block = [BEGIN + "\n"]
    for name, addr in pins:
        block.append(f"{addr}\t{name}\n")
    block.append(END + "\n")
    return block


def write_hosts(lines):
    """Replace the hosts file atomically, keeping its mode."""
    target_dir = os.path.dirname(HOSTS_FILE)
    mode = os.stat(HOSTS_FILE).st_mode & 0o777
    fd, tmp = tempfile.mkstemp(dir=target_dir, prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.writelines(lines)
        os.chmod(tmp, mode)
        os.replace(tmp, HOSTS_FILE)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("hosts", nargs="*", help="host names to pin")
    ap.add_argument("--remove", action="store_true", help="drop all pins")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    with open(HOSTS_FILE) as fh:
        lines = strip_block(fh.readlines())

    if not args.remove:
        if not args.hosts:
            ap.error("give at least one host name, or --remove")
        pins = []
        for name in args.hosts:
            try:
                addrs = resolve(name)
            except (OSError, ValueError) as exc:
                log.error("could not resolve %s: %s", name, exc)
                continue
            if addrs:
                pins.append((name, addrs[0]))
                log.info("%-40s %s", name, addrs[0])
        if not pins:
            log.error("nothing resolved; hosts file unchanged")
            return 1
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        lines += build_block(pins)

    if args.dry_run:
        sys.stdout.writelines(lines)
        return 0
    try:
        write_hosts(lines)
    except PermissionError:
        log.error("cannot write %s; rerun with sudo", HOSTS_FILE)
        return 1
    log.info("%s updated", HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
