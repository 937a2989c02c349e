#!/usr/bin/env python3
"""Pin the lighthouse sensor hostnames in /etc/hosts.

The local DNS forwarder on the monitoring LAN drops out when the satellite
link does, so the sensor names from sensors.json are written into a managed
block of /etc/hosts. The edit itself is done by a generated shell script that
keeps a backup copy in the working directory.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("hosts-pin")
BEGIN = "# BEGIN lighthouse-sensors"
END = "# END lighthouse-sensors"


class SensorTable:
    def __init__(self, path: Path):
        self.path = path
        self.entries = []

    def load(self) -> None:
        data = json.loads(self.path.read_text())
        for item in data.get("sensors", []):
            name, addr = item.get("name"), item.get("address")
            if not name or not addr:
                LOG.warning("incomplete entry %r", item)
                continue
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                LOG.warning("bad address for %s: %s", name, addr)
                continue
            self.entries.append((addr, name))
        if not self.entries:
            raise ValueError("no valid sensors in table")

    def block(self, domain: str) -> str:
        lines = [BEGIN]
        for addr, name in sorted(self.entries):
            lines.append(f"{addr}\t{name}.{domain} {name}")
        lines.append(END)
        return "\n".join(lines) + "\n"


EDIT_SCRIPT = r"""#!/usr/bin/env bash
set -euo pipefail
hosts=/etc/hosts
cp "$hosts" "$BACKUP"
# strip any previous managed block, then append the new one
sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$hosts" > "$hosts.new"
cat "$BLOCK_FILE" >> "$hosts.new"
chmod 644 "$hosts.new"
mv "$hosts.new" "$hosts"
grep -c "" "$BLOCK_FILE"
"""


def apply_block(block: str, backup: Path) -> int:
    with tempfile.TemporaryDirectory(prefix="hostspin-") as tmp:
        tmpd = Path(tmp)
        block_file = tmpd / "block.txt"
        block_file.write_text(block)
        script = tmpd / "edit.sh"
        script.write_text(EDIT_SCRIPT)
        env = {
            "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "BACKUP": str(backup.resolve()),
            "BLOCK_FILE": str(block_file),
            "BEGIN_MARK": BEGIN,
            "END_MARK": END,
        }
        res = subprocess.run(["bash", str(script)], env=env,
                             capture_output=True, text=True)
        if res.returncode != 0:
            LOG.error("edit failed: %s", res.stderr.strip())
            return 1
        LOG.info("wrote %s lines to /etc/hosts", res.stdout.strip())
    return 0


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--table", type=Path, default=Path("sensors.json"))
    p.add_argument("--domain", default="lan.example.net")
    p.add_argument("--backup", type=Path, default=Path("hosts.backup"))
    p.add_argument("--print", dest="print_only", action="store_true",
                   help="print the block instead of applying it")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    table = SensorTable(args.table)
    try:
        table.load()
    except (OSError, ValueError) as exc:
        LOG.error("cannot load sensor table: %s", exc)
        return 1
    block = table.block(args.domain)
    if args.print_only:
        sys.stdout.write(block)
        return 0
    return apply_block(block, args.backup)


if __name__ == "__main__":
    sys.exit(main())
