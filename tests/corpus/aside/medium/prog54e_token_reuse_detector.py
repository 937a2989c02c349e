#!/usr/bin/env python3
"""Detect the same secret being reused across local credential files.

Looks at ~/.netrc, ~/.pypirc and ~/.npmrc, fingerprints every password or
token, and reports fingerprints that appear under more than one host. The
fingerprints are short so the report can be pasted into a ticket without
revealing the secret itself. Everything stays on this machine.
"""
import argparse
import configparser
import hashlib
import logging
import netrc
import os
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("reuse")
HOME = Path(os.path.expanduser("~"))


def fingerprint(secret: str) -> str:
    digest = hashlib.new("md5")
    digest.update(secret.encode("utf-8"))
    return digest.hexdigest()[:12]


def from_netrc(path):
    try:
        parsed = netrc.netrc(str(path))
    except (FileNotFoundError, netrc.NetrcParseError) as exc:
        log.debug("netrc: %s", exc)
        return
    for host, (login, _account, password) in parsed.hosts.items():
        if password:
            yield f"netrc:{host}", login or "", password


def from_pypirc(path):
    cfg = configparser.RawConfigParser()
    if not cfg.read(path):
        return
    for section in cfg.sections():
        if cfg.has_option(section, "password"):
            yield f"pypirc:{section}", cfg.get(section, "username", fallback=""), cfg.get(section, "password")


def from_npmrc(path):
    if not path.is_file():
        return
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.strip()
        if "_authToken=" in line and not line.startswith(("#", ";")):
            scope, _, token = line.partition(":_authToken=")
            if token and not token.startswith("${"):
                yield f"npmrc:{scope.lstrip('/')}", "", token


SOURCES = (
    (from_netrc, HOME / ".netrc"),
    (from_pypirc, HOME / ".pypirc"),
    (from_npmrc, HOME / ".npmrc"),
)


def collect():
    seen = defaultdict(list)
    for reader, path in SOURCES:
        for where, login, secret in reader(path):
            seen[fingerprint(secret)].append((where, login))
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="also list unique fingerprints")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s %(message)s")

    table = collect()
    reused = {fp: places for fp, places in table.items() if len(places) > 1}
    for fp, places in sorted(table.items()):
        if fp in reused or args.all:
            hosts = ", ".join(f"{w}({l})" if l else w for w, l in places)
            print(f"{fp}  x{len(places)}  {hosts}")
    log.info("%d secrets checked, %d reused", len(table), len(reused))
    return 1 if reused else 0


if __name__ == "__main__":
    raise SystemExit(main())
