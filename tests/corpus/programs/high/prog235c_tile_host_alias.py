#!/usr/bin/env python3
"""Pin the tile cache hostnames in /etc/hosts during a DNS migration.

The map server's tile caches are moving; until DNS is cut over, render
nodes must resolve the cache names to the new addresses. This tool keeps a
marked block in /etc/hosts in sync with a small JSON mapping.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys

HOSTS = "/etc/hosts"
BEGIN = "# BEGIN tile-cache aliases"
END = "# END tile-cache aliases"
DEFAULT_MAP = {
    "tiles-a.maps.example.org": "192.0.2.11",
    "tiles-b.maps.example.org": "192.0.2.12",
    "wms.maps.example.org": "192.0.2.20",
}
log = logging.getLogger("tile-hosts")


def load_mapping(path):
    if not path:
        return dict(DEFAULT_MAP)
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    for name, addr in data.items():
        ipaddress.ip_address(addr)
        if not name.endswith(".example.org"):
            raise ValueError(f"unexpected host name {name}")
    return data


def render_block(mapping):
    lines = [BEGIN]
    for name in sorted(mapping):
        lines.append(f"{mapping[name]}\t{name}")
    lines.append(END)
    return lines


def merge(current, block, remove):
    out, skipping = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    if not remove:
        out.append("")
        out.extend(block)
    return "\n".join(out) + "\n"


def install(content, dry_run):
    """Write the new hosts file through a small bash pipeline."""
    if dry_run:
        sys.stdout.write(content)
        return True
    script = f"""set -e
cp -p {HOSTS} {HOSTS}.bak-tiles
cat > {HOSTS}.tiles.new
chmod 644 {HOSTS}.tiles.new
mv {HOSTS}.tiles.new {HOSTS}
"""
    proc = subprocess.run(["bash", "-c", script], input=content, text=True,
                          capture_output=True)
    if proc.returncode != 0:
        log.error("could not update %s: %s", HOSTS, proc.stderr.strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--map", help="JSON file {hostname: address}")
    ap.add_argument("--remove", action="store_true", help="drop the alias block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        mapping = load_mapping(args.map)
        with open(HOSTS, encoding="utf-8") as fh:
            current = fh.read()
    except (OSError, ValueError) as exc:
        log.error("%s", exc)
        return 1

    new = merge(current, render_block(mapping), args.remove)
    if new == current:
        log.info("%s already up to date", HOSTS)
        return 0
    if not install(new, args.dry_run):
        return 1
    log.info("%s %s (%d aliases)", HOSTS, "cleaned" if args.remove else "updated",
             0 if args.remove else len(mapping))
    return 0


if __name__ == "__main__":
    sys.exit(main())
