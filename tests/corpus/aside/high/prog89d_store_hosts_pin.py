#!/usr/bin/env python3
"""Pin the store's back-office hostnames on a counter PC.

Several stores sit behind consumer routers with no local DNS, so the POS,
photo NAS and label printer names are pinned in the hosts file. The
list comes from stores.yaml (one entry per store number); this tool
rewrites only the block between its own markers and leaves everything
else in the file alone. Run it as part of counter PC provisioning.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

log = logging.getLogger("hosts_pin")

HOSTS = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
BEGIN = "# >>> pawn-store hosts (managed) >>>"
END = "# <<< pawn-store hosts (managed) <<<"


def load_store(path: Path, store: str) -> dict:
    with path.open() as fh:
        data = yaml.safe_load(fh) or {}
    try:
        entries = data["stores"][store]["hosts"]
    except KeyError:
        raise SystemExit(f"store {store} not found in {path}")
    pinned = {}
    for name, addr in entries.items():
        ipaddress.ip_address(addr)  # raises ValueError on typos
        pinned[name] = addr
    return pinned


def render_block(pinned: dict, domain: str) -> list:
    lines = [BEGIN]
    for name, addr in sorted(pinned.items(), key=lambda kv: ipaddress.ip_address(kv[1])):
        lines.append(f"{addr:<15} {name}.{domain} {name}")
    lines.append(END)
    return lines


def splice(existing: list, block: list) -> list:
    out, inside, placed = [], False, False
    for line in existing:
        stripped = line.rstrip("\n")
        if stripped == BEGIN:
            inside = True
            continue
        if stripped == END:
            inside = False
            out.extend(block)
            placed = True
            continue
        if not inside:
            out.append(stripped)
    if not placed:
        if out and out[-1].strip():
            out.append("")
        out.extend(block)
    return out


def write_hosts(lines: list, backup: bool) -> None:
    if backup:
        shutil.copy2(HOSTS, HOSTS.with_name(HOSTS.name + ".pawn-bak"))
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS)
    except BaseException:
        os.unlink(tmp)
        raise


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store", help="store number, e.g. 014")
    ap.add_argument("--stores-file", type=Path, default=Path("stores.yaml"))
    ap.add_argument("--domain", default="store.lan")
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--check", action="store_true", help="show the new file, change nothing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pinned = load_store(args.stores_file, args.store)
    block = render_block(pinned, args.domain)
    existing = HOSTS.read_text().splitlines() if HOSTS.exists() else []
    updated = splice(existing, block)

    if updated == [l.rstrip("\n") for l in existing]:
        log.info("%s already up to date", HOSTS)
        return 0
    if args.check:
        print("\n".join(updated))
        return 0
    try:
        write_hosts(updated, backup=not args.no_backup)
    except PermissionError:
        log.error("cannot write %s; run this from the provisioning account", HOSTS)
        return 1
    log.info("pinned %d host(s) for store %s in %s", len(pinned), args.store, HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
