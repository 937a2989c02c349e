#!/usr/bin/env python3
"""Static host mappings for the crew scheduling cluster.

Outstation workstations cannot always resolve the internal roster hosts, so
this tool reads ip,hostname pairs from a local CSV and writes a managed
block into /etc/hosts. The file is edited through a generated shell script
so the same script can be reviewed and re-applied by the station engineer.
"""
import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN crew-roster-hosts"
END = "# END crew-roster-hosts"

DEFAULT_MAP = [
    ("192.0.2.10", "roster-hub.example.com"),
    ("192.0.2.11", "pairing-opt.example.com"),
    ("192.0.2.12", "crew-portal.example.com"),
]

log = logging.getLogger("hosts_mapper")

APPLY_TEMPLATE = """#!/usr/bin/env bash
set -euo pipefail
cp -p "$HOSTS_FILE" "$HOSTS_FILE.crewbak"
# drop any previous managed block, then append the new one
sed -i "/^$BEGIN_MARK\\$/,/^$END_MARK\\$/d" "$HOSTS_FILE"
cat >> "$HOSTS_FILE" <<'BLOCK'
{block}
BLOCK
chmod 0644 "$HOSTS_FILE"
echo "updated $HOSTS_FILE"
"""


def load_map(path):
    if not path:
        return list(DEFAULT_MAP)
    pairs = []
    with open(path, newline="") as fh:
        for lineno, row in enumerate(csv.reader(fh), 1):
            if not row or row[0].startswith("#"):
                continue
            if len(row) < 2:
                log.warning("line %d: expected ip,hostname", lineno)
                continue
            ip, name = row[0].strip(), row[1].strip()
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                log.warning("line %d: bad address %r", lineno, ip)
                continue
            pairs.append((ip, name))
    return pairs


def render_block(pairs):
    lines = [BEGIN]
    for ip, name in pairs:
        short = name.split(".")[0]
        lines.append(f"{ip:<16}{name} {short}")
    lines.append(END)
    return "\n".join(lines)


def write_apply_script(block, out_path):
    script = APPLY_TEMPLATE.format(block=block)
    Path(out_path).write_text(script)
    os.chmod(out_path, 0o700)
    log.info("apply script written to %s", out_path)


def run_apply(script_path, hosts_file):
    env = dict(os.environ, HOSTS_FILE=hosts_file, BEGIN_MARK=BEGIN, END_MARK=END)
    proc = subprocess.run(["bash", script_path], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    log.info(proc.stdout.strip())


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--map", help="CSV of ip,hostname (default: built-in list)")
    p.add_argument("--script", default="apply_hosts.sh")
    p.add_argument("--hosts-file", default=HOSTS_FILE)
    p.add_argument("--print-only", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    pairs = load_map(args.map)
    if not pairs:
        log.error("no host mappings to apply")
        return 1
    block = render_block(pairs)
    if args.print_only:
        print(block)
        return 0
    if os.geteuid() != 0:
        log.error("writing %s requires root", args.hosts_file)
        return 2
    write_apply_script(block, args.script)
    try:
        run_apply(args.script, args.hosts_file)
    except RuntimeError as exc:
        log.error("apply failed: %s", exc)
        return 1
    log.info("%d mapping(s) active", len(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
