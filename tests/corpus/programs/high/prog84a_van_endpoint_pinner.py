#!/usr/bin/env python3
"""Pin EDI VAN and customs gateway endpoints in the hosts file.

Customs single-window and VAN providers publish fixed ingress addresses for
broker connections, and the office DNS forwarder has been known to return
stale CDN addresses during cut-overs. This tool keeps a managed block of the
hosts file in line with van_endpoints.ini:

    [customs-sw]
    host = edi.singlewindow.example
    address = 198.51.100.20

Run it after each provider notice; ``--show`` prints the block only.
"""
import argparse
import configparser
import ipaddress
import logging
import os
import shutil
import sys
import tempfile
from datetime import datetime

log = logging.getLogger("van_pinner")

BEGIN = "# >>> van-endpoints (managed) >>>"
END = "# <<< van-endpoints (managed) <<<"


class HostsFile:
    path = os.environ.get("HOSTS_PATH", "/etc/hosts")

    def __init__(self):
        with open(self.path, encoding="utf-8") as fh:
            self.lines = fh.read().splitlines()

    def without_block(self):
        out, inside = [], False
        for line in self.lines:
            if line.strip() == BEGIN:
                inside = True
                continue
            if line.strip() == END:
                inside = False
                continue
            if not inside:
                out.append(line)
        while out and not out[-1].strip():
            out.pop()
        return out

    def render(self, entries):
        block = [BEGIN, f"# updated {datetime.now():%Y-%m-%d %H:%M}"]
        block += [f"{addr:<16} {host}" for host, addr in sorted(entries.items())]
        block.append(END)
        return self.without_block() + [""] + block

    def write(self, lines):
        directory = os.path.dirname(self.path)
        backup = self.path + ".van-bak"
        shutil.copy2(self.path, backup)
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".hosts.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write("\n".join(lines) + "\n")
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        log.info("hosts file updated (backup at %s)", backup)


def load_endpoints(path):
    cfg = configparser.ConfigParser()
    if not cfg.read(path):
        raise FileNotFoundError(path)
    entries = {}
    for section in cfg.sections():
        host = cfg.get(section, "host").strip().lower()
        addr = cfg.get(section, "address").strip()
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            log.warning("[%s] invalid address %r, skipped", section, addr)
            continue
        entries[host] = addr
    return entries


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", default="van_endpoints.ini")
    ap.add_argument("--show", action="store_true", help="print the block, change nothing")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_endpoints(args.config)
    except (FileNotFoundError, configparser.Error) as exc:
        log.error("config: %s", exc)
        return 2
    if not entries:
        log.error("no valid endpoints in %s", args.config)
        return 2

    hosts = HostsFile()
    new_lines = hosts.render(entries)
    if args.show:
        print("\n".join(new_lines[new_lines.index(BEGIN):]))
        return 0
    if new_lines == hosts.lines:
        log.info("already up to date")
        return 0
    try:
        hosts.write(new_lines)
    except PermissionError:
        log.error("no permission to write %s; run from the admin shell", HostsFile.path)
        return 1
    for host, addr in sorted(entries.items()):
        log.info("pinned %s -> %s", host, addr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
