#!/usr/bin/env python3
"""Keep the lift controller names in the hosts file of the operations server.

The lift controllers sit on an isolated network without DNS. Operations
keeps their addresses in a CSV (lift,address); this tool rewrites a managed
block in /etc/hosts so operators can use names like summit-express-plc.
Run it as root on the operations server.
"""

import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("hosts_update")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN lift-controllers (managed)"
END = "# END lift-controllers"


class ControllerEntry:
    def __init__(self, lift: str, address: str):
        self.lift = lift.strip().lower().replace(" ", "-")
        self.address = str(ipaddress.ip_address(address.strip()))

    @property
    def hostname(self) -> str:
        return f"{self.lift}-plc"

    def line(self) -> str:
        return f"{self.address}\t{self.hostname}\t{self.hostname}.lifts.example.org"


def load_entries(csv_path: Path) -> list:
    entries = []
    with open(csv_path, newline="", encoding="utf-8") as fh:
        for row_no, row in enumerate(csv.DictReader(fh), start=2):
            try:
                entries.append(ControllerEntry(row["lift"], row["address"]))
            except (KeyError, ValueError) as exc:
                LOG.warning("row %d skipped: %s", row_no, exc)
    return entries


def render_block(entries: list) -> str:
    body = "\n".join(e.line() for e in sorted(entries, key=lambda e: e.hostname))
    return f"{BEGIN}\n{body}\n{END}\n"


def merge(existing: str, block: str) -> str:
    if BEGIN in existing and END in existing:
        head, rest = existing.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    sep = "" if existing.endswith("\n") else "\n"
    return existing + sep + block


def write_hosts(content: str, target: str) -> None:
    """Write through a shell heredoc so the file keeps its inode and mode
    (some monitoring agents watch the inode)."""
    script = 'cat > "$HOSTS_TARGET" <<"__HOSTS__"\n' + content + "__HOSTS__\n"
    res = subprocess.run(["bash", "-c", script], env=dict(os.environ, HOSTS_TARGET=target),
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise OSError(res.stderr.strip() or f"write to {target} failed")
    subprocess.run(["chmod", "644", target], check=False)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("csv", type=Path, help="lift,address CSV")
    p.add_argument("--hosts", default=HOSTS_FILE)
    p.add_argument("--diff", action="store_true", help="show the new block only")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        entries = load_entries(args.csv)
    except OSError as exc:
        LOG.error("cannot read %s: %s", args.csv, exc)
        return 2
    if not entries:
        LOG.error("no valid controller entries")
        return 2

    block = render_block(entries)
    if args.diff:
        print(block, end="")
        return 0

    existing = Path(args.hosts).read_text(encoding="utf-8")
    new = merge(existing, block)
    if new == existing:
        LOG.info("hosts file already up to date")
        return 0
    try:
        write_hosts(new, args.hosts)
    except OSError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("wrote %d controller entries to %s", len(entries), args.hosts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
