#!/usr/bin/env python3
"""Render a hosts-file snippet for the local dev stack.

The old one-liner was
    sed -e 's/#.*//' -e '/^$/d' services.txt | awk '{print "127.0.0.1", $1".dev.local"}'
This version validates names, de-duplicates and writes the result into
./build so it can be reviewed (and pasted by a human) before anything else.
"""
import argparse
import ipaddress
import logging
import re
from pathlib import Path

LOG = logging.getLogger("hosts-render")
NAME_RE = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")
BEGIN_MARK = "# >>> devstack (generated) >>>"
END_MARK = "# <<< devstack (generated) <<<"


class Entry:
    __slots__ = ("address", "names")

    def __init__(self, address, names):
        self.address = address
        self.names = names

    def render(self, width):
        return f"{self.address:<{width}} {' '.join(self.names)}"


def parse_services(path, domain, default_ip):
    entries = {}
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = re.sub(r"#.*", "", raw).strip()
        if not line:
            continue
        fields = line.split()
        name = fields[0].lower()
        if not NAME_RE.match(name):
            LOG.warning("%s:%d: skipping invalid name %r", path, lineno, name)
            continue
        addr = fields[1] if len(fields) > 1 else default_ip
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            LOG.warning("%s:%d: bad address %r", path, lineno, addr)
            continue
        fqdn = f"{name}.{domain}"
        entries.setdefault(addr, []).append(fqdn)
    return [Entry(a, sorted(set(n))) for a, n in sorted(entries.items())]


def render(entries):
    width = max((len(e.address) for e in entries), default=9)
    body = [e.render(width) for e in entries]
    return "\n".join([BEGIN_MARK, *body, END_MARK]) + "\n"


def merge_into(existing_text, block):
    """Replace a previous generated block, keep everything else."""
    pattern = re.compile(re.escape(BEGIN_MARK) + r".*?" + re.escape(END_MARK) + r"\n?", re.S)
    if pattern.search(existing_text):
        return pattern.sub(block, existing_text)
    sep = "" if existing_text.endswith("\n") or not existing_text else "\n"
    return existing_text + sep + block


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--services", default="services.txt", type=Path)
    ap.add_argument("--domain", default="dev.local")
    ap.add_argument("--ip", default="127.0.0.1")
    ap.add_argument("--out", default=Path("build/hosts.generated"), type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not args.services.is_file():
        ap.error(f"services file not found: {args.services}")

    out = args.out
    if out.is_absolute() or ".." in out.parts:
        ap.error("--out must be a relative path inside the project")

    entries = parse_services(args.services, args.domain, args.ip)
    if not entries:
        LOG.error("no valid services in %s", args.services)
        return 1

    block = render(entries)
    out.parent.mkdir(parents=True, exist_ok=True)
    previous = out.read_text(encoding="utf-8") if out.exists() else ""
    out.write_text(merge_into(previous, block), encoding="utf-8")
    LOG.info("wrote %d address line(s) to %s", len(entries), out)
    LOG.info("review it, then merge into your hosts file by hand if needed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
