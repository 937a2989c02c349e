#!/usr/bin/env python3
"""Print hire tags for wetsuits, buoyancy aids and boards going out today.

Reads the kit hire log (kit_hire.csv: item_id, kind, size, hirer, out, due)
and prints one tag per item hired today on the label printer by the kit
store door, so returned kit can be matched up at a glance.  Tags are plain
text sized for 62 mm continuous tape; printing goes through the local CUPS
queue.
"""
import argparse
import csv
import logging
import shutil
import subprocess
import sys
import textwrap
from datetime import date, datetime
from pathlib import Path

log = logging.getLogger("kit_labels")

TAG_WIDTH = 28


class LabelPrinter:
    def __init__(self, queue, server=None, copies=1):
        self.queue = queue
        self.server = server
        self.copies = copies
        if not shutil.which("lp"):
            raise RuntimeError("CUPS client (lp) is not installed")

    def _cmd(self, title):
        cmd = ["lp", "-d", self.queue, "-n", str(self.copies), "-t", title,
               "-o", "media=Custom.62x100mm", "-o", "cpi=14", "-o", "lpi=8"]
        if self.server:
            cmd[1:1] = ["-h", self.server]
        return cmd

    def print_tag(self, title, text):
        proc = subprocess.run(self._cmd(title), input=text.encode("utf-8"),
                              capture_output=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode(errors="replace").strip() or "lp failed")
        return proc.stdout.decode().strip()


def render_tag(item):
    due = datetime.strptime(item["due"], "%Y-%m-%d %H:%M")
    lines = [
        "=" * TAG_WIDTH,
        f"{item['kind'].upper():^{TAG_WIDTH}}",
        f"{'ID ' + item['item_id']:^{TAG_WIDTH}}",
        f"{'SIZE ' + item['size']:^{TAG_WIDTH}}",
        "-" * TAG_WIDTH,
    ]
    lines += textwrap.wrap(f"Hirer: {item['hirer']}", TAG_WIDTH)
    lines += [f"Back by {due:%a %H:%M}", "=" * TAG_WIDTH, ""]
    return "\n".join(lines)


def todays_hires(log_path, day):
    with open(log_path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                out = datetime.strptime(row["out"], "%Y-%m-%d %H:%M").date()
            except (KeyError, ValueError):
                log.warning("skipping row with bad 'out' time: %r", row)
                continue
            if out == day and not row.get("tagged"):
                yield row


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print kit hire tags")
    ap.add_argument("--log", default="kit_hire.csv")
    ap.add_argument("--queue", default="kitstore_label")
    ap.add_argument("--server", help="CUPS server host:port (default local)")
    ap.add_argument("--day", type=date.fromisoformat, default=date.today())
    ap.add_argument("--preview", action="store_true", help="print tags to stdout only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not Path(args.log).exists():
        log.error("hire log %s not found", args.log)
        return 1
    items = list(todays_hires(args.log, args.day))
    if not items:
        log.info("nothing hired on %s", args.day)
        return 0
    if args.preview:
        for item in items:
            print(render_tag(item))
        return 0

    try:
        printer = LabelPrinter(args.queue, args.server)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2
    failed = 0
    for item in items:
        try:
            job = printer.print_tag(f"kit-{item['item_id']}", render_tag(item))
            log.info("%s %s: %s", item["item_id"], item["kind"], job)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            log.error("tag for %s failed: %s", item["item_id"], exc)
            failed += 1
    log.info("%d tags sent, %d failed", len(items) - failed, failed)
    return 0 if failed == 0 else 3


if __name__ == "__main__":
    sys.exit(main())
