#!/usr/bin/env python3
"""Pin the court e-filing portal hostnames for the office network.

During the state portal migration the public DNS records flip between the
old and new data centres several times a day, which breaks half-uploaded
filings.  The court publishes the addresses clerks should use in a JSON
notice; this tool resolves that notice into a managed block of the hosts
file so every desktop client talks to the same data centre.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import time
from pathlib import Path

import requests

log = logging.getLogger("portal-pin")

NOTICE_URL = "https://efile.example-courts.gov/status/pinning.json"
HOSTS = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
BEGIN = "# >>> court-portal-pin >>>"
END = "# <<< court-portal-pin <<<"


def fetch_notice(url, retries=3):
    for attempt in range(1, retries + 1):
        try:
            resp = requests.get(url, timeout=15)
            resp.raise_for_status()
            return resp.json()
        except (requests.RequestException, ValueError) as exc:
            log.warning("notice fetch attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
    raise SystemExit("could not fetch the pinning notice")


def validated_entries(notice):
    entries = []
    for item in notice.get("hosts", []):
        try:
            addr = ipaddress.ip_address(item["address"])
        except (KeyError, ValueError):
            log.warning("ignoring bad entry %r", item)
            continue
        names = [n for n in item.get("names", []) if n.endswith(".example-courts.gov")]
        if names:
            entries.append((str(addr), names))
    return entries


def render_block(entries, notice_id):
    lines = [BEGIN, f"# notice {notice_id}, applied {time.strftime('%Y-%m-%d %H:%M')}"]
    lines += [f"{addr}\t{' '.join(names)}" for addr, names in entries]
    lines.append(END)
    return "\n".join(lines) + "\n"


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def apply(block, hosts_path, backup=True):
    current = hosts_path.read_text()
    new = strip_block(current)
    if not new.endswith("\n"):
        new += "\n"
    new += block
    if new == current:
        log.info("hosts file already up to date")
        return False
    if backup:
        shutil.copy2(hosts_path, hosts_path.with_name(hosts_path.name + ".portal-pin.bak"))
    tmp = hosts_path.with_name(hosts_path.name + ".portal-pin.tmp")
    tmp.write_text(new)
    os.chmod(tmp, 0o644)
    os.replace(tmp, hosts_path)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--notice", default=NOTICE_URL)
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the block instead of writing it")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.remove:
        text = HOSTS.read_text()
        HOSTS.write_text(strip_block(text))
        log.info("managed block removed from %s", HOSTS)
        return

    notice = fetch_notice(args.notice)
    entries = validated_entries(notice)
    if not entries:
        raise SystemExit("notice contained no usable entries")
    block = render_block(entries, notice.get("id", "unknown"))
    if args.print_only:
        print(block, end="")
        return
    try:
        changed = apply(block, HOSTS)
    except PermissionError:
        raise SystemExit(f"cannot write {HOSTS}; run this as an administrator")
    if changed:
        log.info("pinned %d address(es) in %s", len(entries), HOSTS)


if __name__ == "__main__":
    main()
