#!/usr/bin/env python3
"""Pin payment-service-provider sandbox hostnames for integration tests.

The PSP sandbox rotates DNS frequently; the QA checkout tests are flaky
unless the hostnames are pinned to the addresses listed in psp_pins.json.
The managed block in /etc/hosts is replaced on every run.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("psp_pinning")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# >>> psp-sandbox pins >>>"
END = "# <<< psp-sandbox pins <<<"


def load_pins(path: Path) -> dict:
    raw = json.loads(path.read_text())
    pins = {}
    for host, addr in raw.items():
        ipaddress.ip_address(addr)  # raises ValueError on garbage
        if not host.endswith((".sandbox.example-psp.com", ".test.example-acquirer.net")):
            raise ValueError(f"refusing to pin non-sandbox host {host}")
        pins[host] = addr
    return pins


def strip_block(lines: list) -> list:
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


def render_block(pins: dict) -> list:
    block = [BEGIN + "\n"]
    for host, addr in sorted(pins.items()):
        block.append(f"{addr:<16} {host}\n")
    block.append(END + "\n")
    return block


def write_hosts(new_lines: list, backup: bool) -> None:
    if backup:
        shutil.copy2(HOSTS_FILE, HOSTS_FILE.with_suffix(".psp-bak"))
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS_FILE.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.writelines(new_lines)
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS_FILE)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pins", type=Path, default=Path("psp_pins.json"))
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("must run as root to edit %s", HOSTS_FILE)
        return 1
    current = HOSTS_FILE.read_text().splitlines(keepends=True)
    if current and not current[-1].endswith("\n"):
        current[-1] += "\n"
    lines = strip_block(current)
    if not args.remove:
        try:
            pins = load_pins(args.pins)
        except (OSError, ValueError) as exc:
            log.error("bad pin file: %s", exc)
            return 2
        lines += render_block(pins)
        log.info("pinning %d hosts", len(pins))
    write_hosts(lines, backup=not args.no_backup)
    log.info("%s updated", HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
