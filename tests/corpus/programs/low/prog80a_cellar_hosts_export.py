#!/usr/bin/env python3
"""Generate the hosts-file block for the cellar sensor gateways and line PLCs.

The winery's ISP router does not hand out DNS names for the tank gateways,
the bottling-line PLCs or the label printers. This tool renders the managed
hosts block from sensors.toml so IT can paste it into the hosts file of the
cellar PCs (or load it into the router's static-DNS page):

    [[device]]
    name = "tankgw-north"
    ip = "10.20.0.11"
    aliases = ["tankgw1"]

It also writes a preview of what the local hosts file would look like with
the block merged in, so the change can be reviewed first.
"""

import argparse
import ipaddress
import logging
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("cellar_hosts")

BEGIN = "# >>> cellar-sensors (managed) >>>"
END = "# <<< cellar-sensors (managed) <<<"
DOMAIN = "cellar.lan"


def load_inventory(path: Path):
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    entries = []
    for dev in data.get("device", []):
        try:
            ip = ipaddress.ip_address(dev["ip"])
        except (KeyError, ValueError) as exc:
            log.warning("skipping %s: bad address (%s)", dev.get("name", "?"), exc)
            continue
        names = [f"{dev['name']}.{DOMAIN}", dev["name"], *dev.get("aliases", [])]
        entries.append((ip, names))
    entries.sort(key=lambda e: (e[0].version, int(e[0])))
    return entries


def render_block(entries) -> str:
    lines = [BEGIN]
    lines += [f"{str(ip):<16} {' '.join(names)}" for ip, names in entries]
    lines.append(END)
    return "\n".join(lines) + "\n"


def splice(existing: str, block: str) -> str:
    if BEGIN in existing and END in existing:
        head, rest = existing.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    if existing and not existing.endswith("\n"):
        existing += "\n"
    return existing + "\n" + block


def write_output(target: Path, text: str) -> None:
    staging = target.with_name("." + target.name + ".new")
    staging.write_text(text)
    staging.replace(target)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Render the cellar hosts block")
    ap.add_argument("-i", "--inventory", type=Path, default=Path("sensors.toml"))
    ap.add_argument("--reference", type=Path, default=Path("/etc/hosts"),
                    help="hosts file to merge into for the preview (read only)")
    ap.add_argument("-o", "--output", type=Path, default=Path("cellar_hosts.block"))
    ap.add_argument("--preview", type=Path, default=Path("hosts.preview"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_inventory(args.inventory)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot read inventory: %s", exc)
        return 1
    if not entries:
        log.error("inventory has no usable devices")
        return 1

    block = render_block(entries)
    write_output(args.output, block)
    log.info("wrote %d devices to %s", len(entries), args.output)

    try:
        current = args.reference.read_text()
    except OSError as exc:
        log.warning("cannot read %s for preview: %s", args.reference, exc)
        return 0
    merged = splice(current, block)
    if merged == current:
        log.info("%s already contains this block", args.reference)
    else:
        write_output(args.preview, merged)
        log.info("preview of merged hosts file in %s", args.preview)
    return 0


if __name__ == "__main__":
    sys.exit(main())
