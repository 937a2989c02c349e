#!/usr/bin/env python3
"""Pin the company's IMAP/SMTP/CalDAV hosts in /etc/hosts while on VPN.

Split-horizon DNS on the VPN keeps returning the public load balancer for
mail.corp.example, which breaks client certificate auth.  This resolves the
internal names against the VPN resolver once and writes a managed block into
/etc/hosts; --remove takes the block out again.  Must run as root.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import socket
import sys
import tempfile
from datetime import datetime

import dns.resolver  # dnspython

HOSTS = "/etc/hosts"
BEGIN = "# >>> mail-pinner managed block >>>"
END = "# <<< mail-pinner managed block <<<"
DEFAULT_NAMES = ["imap.corp.example", "smtp.corp.example",
                 "dav.corp.example", "autodiscover.corp.example"]

log = logging.getLogger("mail-pinner")


def resolve_all(names, nameserver):
    res = dns.resolver.Resolver(configure=False)
    res.nameservers = [nameserver]
    res.lifetime = 5
    pinned = {}
    for name in names:
        try:
            answer = res.resolve(name, "A")
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer, dns.exception.Timeout) as exc:
            log.warning("%s: %s", name, exc)
            continue
        addrs = [r.to_text() for r in answer]
        private = [a for a in addrs if ipaddress.ip_address(a).is_private]
        if not private:
            log.warning("%s resolved only to public addresses %s, skipping", name, addrs)
            continue
        pinned[name] = private[0]
    return pinned


def strip_block(lines):
    out, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    return out


def write_hosts(lines):
    st = os.stat(HOSTS)
    shutil.copy2(HOSTS, HOSTS + ".mail-pinner.bak")
    fd, tmp = tempfile.mkstemp(dir="/etc", prefix=".hosts.")
    with os.fdopen(fd, "w") as fh:
        fh.writelines(lines)
    os.chmod(tmp, 0o644)
    os.chown(tmp, st.st_uid, st.st_gid)
    os.replace(tmp, HOSTS)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nameserver", default="10.20.0.53")
    ap.add_argument("--name", action="append", dest="names")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs root to edit %s (try: sudo %s)", HOSTS, " ".join(sys.argv))
        return 1

    with open(HOSTS) as fh:
        lines = strip_block(fh.readlines())
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"

    if not args.remove:
        pinned = resolve_all(args.names or DEFAULT_NAMES, args.nameserver)
        if not pinned:
            log.error("nothing resolved via %s - are you on the VPN?", args.nameserver)
            return 1
        lines.append(BEGIN + "\n")
        lines.append(f"# written {datetime.now():%Y-%m-%d %H:%M} via {args.nameserver}\n")
        for name, addr in sorted(pinned.items()):
            lines.append(f"{addr}\t{name}\n")
            log.info("pin %s -> %s", name, addr)
        lines.append(END + "\n")

    if args.dry_run:
        sys.stdout.writelines(lines)
        return 0
    write_hosts(lines)
    log.info("%s updated", HOSTS)
    try:
        socket.getaddrinfo(DEFAULT_NAMES[0], 993)
    except socket.gaierror:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
