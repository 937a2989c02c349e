#!/usr/bin/env python3
"""Pin the studio booking servers in the kiosk's hosts file.

The parent check-in kiosk in the Larkspur Ballet lobby loses DNS whenever the
ISP router reboots, so the booking and payment names are pinned to their
addresses in a managed block of the hosts file.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("kiosk-hosts")

HOSTS_FILE = Path("/" + "/".join(["etc", "hosts"]))
BEGIN = "# >>> larkspur kiosk pins >>>"
END = "# <<< larkspur kiosk pins <<<"

PINS = {
    "booking.larkspurballet.example.com": "192.0.2.10",
    "checkin.larkspurballet.example.com": "192.0.2.11",
    "pay.larkspurballet.example.com": "192.0.2.12",
}


def render_block(pins):
    lines = [BEGIN]
    for name, addr in sorted(pins.items()):
        lines.append(f"{addr}\t{name}")
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


class HostsWriter:
    def __init__(self, path, dry_run=False):
        self.path = path
        self.dry_run = dry_run

    def backup(self):
        stamp = time.strftime("%Y%m%d%H%M%S")
        dest = self.path.with_name(self.path.name + f".larkspur.{stamp}")
        self._write_privileged(dest, self.path.read_text())
        return dest

    def _write_privileged(self, dest, text):
        if self.dry_run:
            LOG.info("(dry) would write %d bytes to %s", len(text), dest)
            return
        if os.geteuid() == 0:
            dest.write_text(text)
            os.chmod(dest, 0o644)
            return
        helper = shutil.which("sudo") or shutil.which("doas")
        if helper is None:
            sys.exit("need root to update the kiosk hosts file")
        subprocess.run([helper, "tee", str(dest)], input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)

    def apply(self, block):
        new_text = merge(self.path.read_text(), block)
        self._write_privileged(self.path, new_text)


def main():
    ap = argparse.ArgumentParser(description="Pin booking hosts on the lobby kiosk")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--pin", action="append", default=[], metavar="NAME=ADDR",
                    help="additional pin, e.g. menu.example.com=192.0.2.20")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pins = dict(PINS)
    for item in args.pin:
        name, _, addr = item.partition("=")
        pins[name.strip()] = addr.strip()

    writer = HostsWriter(HOSTS_FILE, dry_run=args.dry_run)
    saved = writer.backup()
    LOG.info("backup at %s", saved)
    writer.apply(render_block(pins))
    LOG.info("pinned %d names", len(pins))


if __name__ == "__main__":
    main()
