#!/usr/bin/env python3
"""Keep the branch's static host entries in /etc/hosts.

Some branch devices (passbook printer, cash recycler, queue display) have
no DNS records, so each workstation carries them in /etc/hosts inside a
managed block.  This tool rebuilds that block from a JSON file.  The file
swap is done by a small generated shell script so a technician can rerun
it by hand from the log.  Run it as root from the build task.
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("hosts_sync")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN branch-managed"
END = "# END branch-managed"

SWAP_SCRIPT = """#!/bin/bash
set -e
cp -p "$HOSTS_TARGET" "$HOSTS_TARGET.bak"
cat "$HOSTS_NEW" > "$HOSTS_TARGET"
chmod 0644 "$HOSTS_TARGET"
rm -f "$HOSTS_NEW"
"""


class HostsBlock:
    def __init__(self, entries: list):
        self.entries = entries

    @classmethod
    def from_file(cls, path: str) -> "HostsBlock":
        with open(path) as fh:
            raw = json.load(fh)
        entries = []
        for item in raw.get("hosts", []):
            try:
                ip = str(ipaddress.ip_address(item["ip"]))
            except (KeyError, ValueError) as exc:
                LOG.warning("skipping bad entry %r: %s", item, exc)
                continue
            names = [n for n in item.get("names", []) if n.endswith(".example.com")]
            if names:
                entries.append((ip, names))
        return cls(entries)

    def render(self) -> str:
        lines = [BEGIN]
        lines += [f"{ip}\t{' '.join(names)}" for ip, names in self.entries]
        lines.append(END)
        return "\n".join(lines) + "\n"


def merge(current: str, block: str) -> str:
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def apply(new_text: str, target: str) -> None:
    fd_new, new_path = tempfile.mkstemp(prefix="hosts_", dir="/etc")
    with os.fdopen(fd_new, "w") as fh:
        fh.write(new_text)
    fd_sh, sh_path = tempfile.mkstemp(prefix="hosts_swap_", suffix=".sh")
    with os.fdopen(fd_sh, "w") as fh:
        fh.write(SWAP_SCRIPT)
    try:
        env = dict(os.environ, HOSTS_TARGET=target, HOSTS_NEW=new_path)
        subprocess.run(["bash", sh_path], env=env, check=True, timeout=30)
    finally:
        os.unlink(sh_path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Sync branch host entries")
    parser.add_argument("entries", help="JSON file with a 'hosts' list")
    parser.add_argument("--target", default=HOSTS_FILE)
    parser.add_argument("--check", action="store_true", help="only report differences")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        block = HostsBlock.from_file(args.entries).render()
        with open(args.target) as fh:
            current = fh.read()
    except (OSError, ValueError) as exc:
        LOG.error("cannot prepare update: %s", exc)
        return 1

    new_text = merge(current, block)
    if new_text == current:
        LOG.info("%s already up to date", args.target)
        return 0
    if args.check:
        LOG.info("%s needs updating", args.target)
        return 3
    try:
        apply(new_text, args.target)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("update failed: %s", exc)
        return 1
    LOG.info("%s updated", args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
