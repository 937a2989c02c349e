#!/usr/bin/env python3
"""Keep the loft's local machine names in /etc/hosts.

The loft router does not do local DNS, so the NAS, the cutter controller
and the label printer are pinned by hand. This rewrites a managed block in
the hosts file from loft_hosts.json in the shared config folder.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("loft_hosts")

HOSTS_FILE = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
CONFIG = Path(os.environ.get("LOFT_CONFIG", "~/loft/config/loft_hosts.json")).expanduser()
BEGIN = "# >>> loft managed hosts >>>"
END = "# <<< loft managed hosts <<<"

FALLBACK_ENTRIES = {
    "nas.loft.lan": "192.0.2.10",
    "cutter.loft.lan": "192.0.2.21",
    "labels.loft.lan": "192.0.2.34",
    "board.loft.lan": "192.0.2.40",
}


def load_entries(path):
    if path.is_file():
        with path.open() as handle:
            data = json.load(handle)
        LOG.info("loaded %d entries from %s", len(data), path)
        return data
    LOG.warning("%s missing, using built-in defaults", path)
    return dict(FALLBACK_ENTRIES)


def render_block(entries):
    lines = [BEGIN]
    for name, addr in sorted(entries.items(), key=lambda item: item[1]):
        lines.append(f"{addr}\t{name}\t{name.split('.')[0]}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(existing, block):
    out, skipping = [], False
    for line in existing.splitlines(keepends=True):
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


def install(new_text, target):
    if os.access(target, os.W_OK):
        target.write_text(new_text)
        return True
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as tmp:
        tmp.write(new_text)
        staged = tmp.name
    try:
        for helper in (["sudo"], ["pkexec"]):
            cmd = helper + ["install", "-m", "0644", "-o", "root", "-g", "root", staged, str(target)]
            LOG.debug("trying %s", " ".join(cmd))
            if subprocess.run(cmd, check=False).returncode == 0:
                return True
        return False
    finally:
        os.unlink(staged)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, default=CONFIG)
    parser.add_argument("--hosts-file", type=Path, default=HOSTS_FILE)
    parser.add_argument("-n", "--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    entries = load_entries(args.config)
    current = args.hosts_file.read_text()
    updated = merge(current, render_block(entries))
    if updated == current:
        LOG.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0
    if not install(updated, args.hosts_file):
        LOG.error("could not write %s", args.hosts_file)
        return 1
    LOG.info("updated %s with %d loft entries", args.hosts_file, len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
