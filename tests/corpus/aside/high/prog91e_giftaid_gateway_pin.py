#!/usr/bin/env python3
"""Pin the gift-aid gateway hostnames for the back-office PCs.

The shops sit behind the church hall's donated router, whose DNS regularly
fails to resolve the gift-aid gateway during the end-of-quarter rush, and
submissions time out. This tool resolves the gateway names once via a
public DNS-over-HTTPS lookup and pins the results in the system hosts file
inside a marked block, so the exporter keeps working on claim day.

    giftaid_gateway_pin.py [--dry-run] [--clear] [--hosts-file PATH]

With --dry-run it only prints the file it would write.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
import tempfile
import time

import requests

log = logging.getLogger("gateway-pin")

GATEWAY_NAMES = (
    "transaction-engine.tax.service.gov.uk",
    "test-transaction-engine.tax.service.gov.uk",
    "giftaid.diocese-portal.example",
)
DOH_URL = "https://cloudflare-dns.com/dns-query"
BEGIN = "# >>> giftaid gateway pins >>>"
END = "# <<< giftaid gateway pins <<<"


def resolve(name):
    resp = requests.get(DOH_URL, params={"name": name, "type": "A"},
                        headers={"accept": "application/dns-json"}, timeout=10)
    resp.raise_for_status()
    answers = [a["data"] for a in resp.json().get("Answer", []) if a.get("type") == 1]
    valid = []
    for ip in answers:
        try:
            if ipaddress.ip_address(ip).is_global:
                valid.append(ip)
        except ValueError:
            continue
    return valid


def build_block(pins):
    lines = [BEGIN, f"# written {time.strftime('%Y-%m-%d %H:%M')} by giftaid_gateway_pin.py"]
    for name, ips in pins.items():
        if ips:
            lines.append(f"{ips[0]}\t{name}")
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


class HostsFile:
    def __init__(self, path):
        self.path = path

    def read(self):
        with open(self.path, encoding="utf-8") as fh:
            return fh.read()

    def replace(self, new_text):
        """Write atomically next to the original, keeping mode and owner."""
        st = os.stat(self.path)
        shutil.copy2(self.path, self.path + ".giftaid.bak")
        directory = os.path.dirname(self.path) or "."
        fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(new_text)
            os.chmod(tmp, st.st_mode & 0o777)
            os.chown(tmp, st.st_uid, st.st_gid)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dry-run", dest="apply", action="store_false", default=True)
    ap.add_argument("--clear", action="store_true", help="remove the pinned block")
    ap.add_argument("--hosts-file", default="/etc/hosts")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    hosts = HostsFile(args.hosts_file)
    current = strip_block(hosts.read())

    if args.clear:
        new_text = current
    else:
        pins = {}
        for name in GATEWAY_NAMES:
            try:
                pins[name] = resolve(name)
                log.info("%-45s %s", name, ", ".join(pins[name]) or "(no address)")
            except requests.RequestException as exc:
                log.warning("%s: lookup failed (%s)", name, exc)
        if not any(pins.values()):
            log.error("nothing resolved; leaving hosts file alone")
            return 2
        new_text = current.rstrip("\n") + "\n\n" + build_block(pins)

    if not args.apply:
        sys.stdout.write(new_text)
        return 0
    try:
        hosts.replace(new_text)
    except PermissionError:
        log.error("permission denied writing %s (run from an admin account)", args.hosts_file)
        return 1
    log.info("updated %s (backup at %s.giftaid.bak)", args.hosts_file, args.hosts_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
