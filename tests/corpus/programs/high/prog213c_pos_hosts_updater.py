#!/usr/bin/env python3
"""POS hosts updater for the co-op parts shop.

The counter PCs find the till server, the label printer and the stock
database by name.  The shop router's DNS is unreliable, so this tool keeps
a managed block of entries in /etc/hosts in sync with pos_hosts.ini.
"""
import argparse
import configparser
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("pos_hosts")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# BEGIN coop-pos managed block"
END = "# END coop-pos managed block"

DEFAULT_ENTRIES = {
    "till.shop.example.org": "192.0.2.10",
    "labels.shop.example.org": "192.0.2.30",
    "stockdb.shop.example.org": "192.0.2.40",
}

# Installer run through bash -c: the new block arrives in $POS_BLOCK, the
# current file is rewritten without the old block and the new block appended.
INSTALL_SH = r'''
set -eu
target="$HOSTS_TARGET"
cp -p "$target" "$BACKUP_PATH"
sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$target" > "$target.coop-new"
printf '%s\n' "$POS_BLOCK" >> "$target.coop-new"
chmod 644 "$target.coop-new"
mv "$target.coop-new" "$target"
echo "installed $(printf '%s\n' "$POS_BLOCK" | grep -vc '^#') entries"
'''


class HostsBlock:
    def __init__(self):
        self.entries = {}

    def add(self, name, addr):
        ipaddress.ip_address(addr)  # raises ValueError on garbage
        self.entries[name] = addr

    @classmethod
    def from_ini(cls, path):
        block = cls()
        if path.exists():
            cp = configparser.ConfigParser()
            cp.read(path)
            for name, addr in cp.items("hosts") if cp.has_section("hosts") else []:
                block.add(name, addr)
        else:
            LOG.warning("%s missing, using defaults", path)
            for name, addr in DEFAULT_ENTRIES.items():
                block.add(name, addr)
        return block

    def render(self):
        lines = [BEGIN]
        for name, addr in sorted(self.entries.items()):
            lines.append(f"{addr}\t{name} {name.split('.')[0]}")
        lines.append(END)
        return "\n".join(lines)


def current_block(path):
    try:
        text = Path(path).read_text()
    except OSError:
        return ""
    if BEGIN not in text:
        return ""
    start = text.index(BEGIN)
    end = text.find(END, start)
    return text[start:end + len(END)] if end != -1 else ""


def install(block_text, backup_dir):
    backup_dir.mkdir(exist_ok=True)
    env = dict(os.environ, POS_BLOCK=block_text, HOSTS_TARGET=HOSTS_FILE,
               BACKUP_PATH=str(backup_dir / "hosts.bak"),
               BEGIN_MARK=BEGIN, END_MARK=END)
    res = subprocess.run(["bash", "-c", INSTALL_SH], env=env,
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "installer failed")
    LOG.info(res.stdout.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync POS names into /etc/hosts")
    ap.add_argument("--config", type=Path, default=Path("pos_hosts.ini"))
    ap.add_argument("--backup-dir", type=Path, default=Path("backups"))
    ap.add_argument("--check", action="store_true",
                    help="only report whether an update is needed")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        block = HostsBlock.from_ini(args.config)
    except (ValueError, configparser.Error) as exc:
        LOG.error("bad config: %s", exc)
        return 2
    wanted = block.render()
    if current_block(HOSTS_FILE) == wanted:
        LOG.info("hosts file already up to date")
        return 0
    if args.check:
        LOG.info("update needed")
        return 1
    if shutil.which("sed") is None:
        LOG.error("sed not found")
        return 1
    try:
        install(wanted, args.backup_dir)
    except RuntimeError as exc:
        LOG.error("could not update %s: %s", HOSTS_FILE, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
