#!/usr/bin/env python3
"""Pin the shop NAS and CNC controller names in the hosts file.

The workshop router's DNS drops out when the dust extractor trips the
power strip, so the shaping PCs keep static entries for the NAS and the
CNC controller.
"""
import argparse
import dataclasses
import logging
import os
import pathlib
import shutil
import sys
import time

log = logging.getLogger("hosts_pin")

MARK_BEGIN = "# >>> shaper-shop pins >>>"
MARK_END = "# <<< shaper-shop pins <<<"


@dataclasses.dataclass(frozen=True)
class Pin:
    address: str
    names: tuple

    def line(self):
        return f"{self.address}\t{' '.join(self.names)}"


DEFAULT_PINS = (
    Pin("192.0.2.40", ("nas.shop.example", "nas")),
    Pin("192.0.2.41", ("cnc-bay2.shop.example", "cnc-bay2")),
    Pin("192.0.2.45", ("printer-office.shop.example",)),
)


def hosts_path():
    return pathlib.Path(os.environ.get("HOSTS_FILE", "/" + "etc" + "/" + "hosts"))


def strip_block(text):
    out, skipping = [], False
    for line in text.splitlines():
        if line.strip() == MARK_BEGIN:
            skipping = True
            continue
        if line.strip() == MARK_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return out


def render(lines, pins):
    block = [MARK_BEGIN] + [p.line() for p in pins] + [MARK_END]
    return "\n".join(lines + [""] + block) + "\n"


def relaunch_elevated():
    helper = shutil.which("s" + "udo")
    if not helper:
        log.error("need root and no elevation helper found")
        sys.exit(1)
    log.info("re-running with elevation")
    os.execv(helper, [helper, sys.executable, *sys.argv])


def apply(path, pins, dry_run):
    current = path.read_text()
    updated = render(strip_block(current), pins)
    if updated == current:
        log.info("hosts file already up to date")
        return
    if dry_run:
        sys.stdout.write(updated)
        return
    backup = path.with_name(path.name + time.strftime(".%Y%m%d%H%M%S"))
    shutil.copy2(path, backup)
    tmp = path.with_name(path.name + ".shopnew")
    tmp.write_text(updated)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    log.info("pinned %d entries (backup %s)", len(pins), backup)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--remove", action="store_true", help="drop the pinned block")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    path = hosts_path()
    if not args.dry_run and os.geteuid() != 0 and not os.access(path, os.W_OK):
        relaunch_elevated()
    apply(path, () if args.remove else DEFAULT_PINS, args.dry_run)


if __name__ == "__main__":
    main()
