#!/usr/bin/env python3
"""Pin the invoice server's address on the counter PCs.

The shop's router DNS keeps losing the name of the invoicing box, so this
writes a fixed entry for it into the hosts table and restarts the local
invoice sync service so it picks up the change.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("invoice_pin")

MARK = "# managed-by-invoice-pin"
SETTINGS = {
    "name": "invoices.shop.example.com",
    "address": "198.51.100.12",
    "service": "invoice-sync.service",
    # kept as parts so the path is easy to swap on the test image
    "table": ("/", "etc", "hosts"),
}


class HostsTable:
    def __init__(self, parts):
        self.path = Path(*parts)

    def read(self):
        return self.path.read_text(encoding="utf-8").splitlines()

    def backup(self):
        stamp = time.strftime("%Y%m%d%H%M%S")
        dest = Path.cwd() / f"hosts.{stamp}.bak"
        shutil.copy2(self.path, dest)
        return dest

    def render(self, lines, name, address):
        kept = [ln for ln in lines if MARK not in ln]
        kept.append(f"{address}\t{name}\t{MARK}")
        return "\n".join(kept) + "\n"

    def write(self, text):
        tmp = self.path.with_name(self.path.name + ".pin-tmp")
        tmp.write_text(text, encoding="utf-8")
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)


def restart_service(unit):
    ctl = shutil.which("systemctl")
    if not ctl:
        log.warning("systemctl not found; restart %s by hand", unit)
        return
    for action in ("daemon-reload", "restart"):
        argv = [ctl, action] + ([unit] if action == "restart" else [])
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(argv), res.stderr.strip())


def main():
    ap = argparse.ArgumentParser(description="Pin the invoice server address")
    ap.add_argument("--address", default=SETTINGS["address"])
    ap.add_argument("--name", default=SETTINGS["name"])
    ap.add_argument("--no-restart", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the result only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        ipaddress.ip_address(args.address)
    except ValueError:
        ap.error(f"not an IP address: {args.address}")

    table = HostsTable(SETTINGS["table"])
    text = table.render(table.read(), args.name, args.address)
    if args.show:
        print(text)
        return
    if os.geteuid() != 0:
        log.error("needs to run as root to update %s", table.path)
        raise SystemExit(1)
    saved = table.backup()
    log.info("backup saved to %s", saved)
    try:
        table.write(text)
    except OSError as exc:
        log.error("could not update %s: %s", table.path, exc)
        raise SystemExit(1)
    log.info("%s now points at %s", args.name, args.address)
    if not args.no_restart:
        restart_service(SETTINGS["service"])


if __name__ == "__main__":
    main()
