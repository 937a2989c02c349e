#!/usr/bin/env python3
"""Pin the card-terminal gateway names on the till PC.

The shop's router DNS occasionally times out during the Saturday rush and
the card terminal then refuses payments. Pinning the gateway names in the
system hosts file avoids the lookup. Addresses come from the payment
provider's status page and are kept in pins.json next to this script.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("hosts_pin")

HOSTS = Path("/" + "/".join(["etc", "hosts"]))
MARK_BEGIN = "# >>> kiteshop payment pins >>>"
MARK_END = "# <<< kiteshop payment pins <<<"
DEFAULT_PINS = {
    "gateway.payments.example.com": "198.51.100.10",
    "auth.payments.example.com": "198.51.100.11",
    "tms.payments.example.com": "198.51.100.12",
}


def load_pins(path):
    p = Path(path)
    if p.is_file():
        return json.loads(p.read_text())
    log.info("no %s, using built-in pins", p)
    return DEFAULT_PINS


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines():
        if line.strip() == MARK_BEGIN:
            inside = True
            continue
        if line.strip() == MARK_END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return "\n".join(out).rstrip() + "\n"


def render_block(pins):
    lines = [MARK_BEGIN, f"# updated {datetime.now():%Y-%m-%d %H:%M}"]
    lines += [f"{addr}\t{name}" for name, addr in sorted(pins.items())]
    lines.append(MARK_END)
    return "\n".join(lines) + "\n"


class HostsWriter:
    def __init__(self, target):
        self.target = target

    def _install(self, staged):
        if os.geteuid() == 0:
            shutil.copy(staged, self.target)
            os.chmod(self.target, 0o644)
        else:
            elevate = ["sudo", "install", "-m", "0644", "-o", "root", "-g", "root"]
            subprocess.run(elevate + [staged, str(self.target)], check=True)

    def write(self, content, backup=True):
        if backup:
            bak = Path.home() / f"hosts.{datetime.now():%Y%m%d%H%M%S}.bak"
            bak.write_text(self.target.read_text())
            log.info("backup saved to %s", bak)
        with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as fh:
            fh.write(content)
            staged = fh.name
        try:
            self._install(staged)
        finally:
            os.unlink(staged)


def main():
    ap = argparse.ArgumentParser(description="Pin payment gateway hosts")
    ap.add_argument("--pins", default=str(Path(__file__).with_name("pins.json")))
    ap.add_argument("--remove", action="store_true", help="remove the pin block")
    ap.add_argument("--show", action="store_true", help="print result, do not write")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    current = HOSTS.read_text()
    base = strip_block(current)
    new = base if args.remove else base + render_block(load_pins(args.pins))

    if args.show:
        print(new)
        return
    if new == current:
        log.info("hosts already up to date")
        return
    HostsWriter(HOSTS).write(new)
    log.info("hosts file updated")


if __name__ == "__main__":
    main()
