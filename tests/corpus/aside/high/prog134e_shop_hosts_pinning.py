#!/usr/bin/env python3
"""Pin the order-API hostnames on shop PCs with unreliable DNS.

Some shop routers drop DNS answers during busy hours, which stalls the
web-order screen. This tool keeps a managed block in the hosts file with
the current addresses of the chain's own services.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import socket
import sys

log = logging.getLogger("hostspin")

HOSTS_PATH = os.path.join(os.sep, "etc", "hosts")
BEGIN = "# >>> florist-managed >>>"
END = "# <<< florist-managed <<<"

SERVICES = {
    "orders.example.com": "198.51.100.20",
    "api.example.com": "198.51.100.21",
    "img.example.com": "198.51.100.22",
}


class Privileges:
    """Small wrapper around libc so the tool can regain root when it is
    installed with the setuid bit by the imaging process."""

    def __init__(self):
        name = ctypes.util.find_library("c") or "libc.so.6"
        self.libc = ctypes.CDLL(name, use_errno=True)

    def _call(self, fn, *args):
        rc = getattr(self.libc, fn)(*args)
        if rc != 0:
            err = ctypes.get_errno()
            raise PermissionError(err, os.strerror(err))

    def become_root(self):
        self._call("set" + "gid", 0)
        self._call("set" + "uid", 0)


def resolve_current(names, fallback):
    out = {}
    for name in names:
        try:
            out[name] = socket.gethostbyname(name)
        except OSError:
            out[name] = fallback[name]
            log.info("using fallback address for %s", name)
    return out


def render_block(mapping):
    lines = [BEGIN]
    lines += [f"{ip}\t{name}" for name, ip in sorted(mapping.items())]
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


def main():
    ap = argparse.ArgumentParser(description="Pin chain service addresses")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-resolve", action="store_true",
                    help="write the built-in addresses without looking up")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    mapping = dict(SERVICES) if args.no_resolve else resolve_current(SERVICES, SERVICES)
    with open(HOSTS_PATH) as fh:
        current = fh.read()
    new = merge(current, render_block(mapping))

    if args.dry_run:
        sys.stdout.write(new)
        return 0
    if new == current:
        log.info("hosts file already up to date")
        return 0
    if os.geteuid() != 0:
        try:
            Privileges().become_root()
        except PermissionError as exc:
            log.error("cannot gain privileges: %s", exc)
            return 1
    with open(HOSTS_PATH, "w") as fh:
        fh.write(new)
    os.chmod(HOSTS_PATH, 0o644)
    log.info("pinned %d names", len(mapping))
    return 0


if __name__ == "__main__":
    sys.exit(main())
