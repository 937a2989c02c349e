#!/usr/bin/env python3
"""Guild hosts register.

Keeps the workbench's name table in step with the guild's host roster
(forge controllers, order board, drafting share) so the shop tools can
reach them by name even when the hall resolver is down.
"""
import argparse
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("hosts-register")

NAME_TABLE = os.path.join(os.sep, "etc", "hosts")
MARK_BEGIN = "# >>> guild roster >>>"
MARK_END = "# <<< guild roster <<<"

DEFAULT_ROSTER = {
    "forge-north.guild.example.org": "192.0.2.21",
    "forge-south.guild.example.org": "192.0.2.22",
    "orders.guild.example.org": "198.51.100.10",
    "drafting.guild.example.org": "198.51.100.11",
}


def load_roster(path):
    if not path:
        return dict(DEFAULT_ROSTER)
    with open(path, encoding="utf-8") as fh:
        roster = json.load(fh)
    if not isinstance(roster, dict):
        raise ValueError("roster must map host names to addresses")
    return roster


def render_block(roster):
    lines = [MARK_BEGIN]
    for name in sorted(roster):
        lines.append("%-16s %s" % (roster[name], name))
    lines.append(MARK_END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
        if line.strip() == MARK_BEGIN:
            skipping = True
            continue
        if line.strip() == MARK_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


class TableWriter:
    """Writes the merged table, elevating when the account cannot write it."""

    def __init__(self, path, elevate=("su" + "do", "-n")):
        self.path = path
        self.elevate = list(elevate)

    def write(self, text):
        if os.access(self.path, os.W_OK):
            with open(self.path, "w", encoding="utf-8") as fh:
                fh.write(text)
            return
        cmd = self.elevate + ["tee", self.path]
        LOG.info("writing %s via %s", self.path, " ".join(self.elevate))
        subprocess.run(cmd, input=text.encode(), stdout=subprocess.DEVNULL,
                       check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--roster", help="JSON file mapping names to addresses")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        roster = load_roster(args.roster)
        with open(NAME_TABLE, encoding="utf-8") as fh:
            current = fh.read()
    except (OSError, ValueError) as exc:
        LOG.error("cannot prepare roster: %s", exc)
        return 1

    merged = merge(current, render_block(roster))
    if args.dry_run:
        sys.stdout.write(merged)
        return 0
    try:
        TableWriter(NAME_TABLE).write(merged)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("update failed: %s", exc)
        return 1
    LOG.info("%d roster hosts registered", len(roster))
    return 0


if __name__ == "__main__":
    sys.exit(main())
