#!/usr/bin/env python3
"""Pin staging hostnames to fixed addresses in /etc/hosts.

The addresses come from pins.csv (host,address).  A marked block in
/etc/hosts is replaced atomically by a short bash script that is fed to
`sudo bash -s` on stdin, so only one password prompt is needed and the
edit happens as root in one go.
"""

import argparse
import csv
import ipaddress
import logging
import re
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("hosts-pin")

HOSTS = "/etc/hosts"
BEGIN = "# >>> staging pins >>>"
END = "# <<< staging pins <<<"
HOSTNAME_RE = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]+$", re.I)

EDIT_SCRIPT = """\
set -euo pipefail
hosts={hosts}
begin={begin}
end={end}
cp -p "$hosts" "$hosts.pin-bak"
tmp="$hosts.pin-new"
awk -v b="$begin" -v e="$end" '
    $0 == b {{ skip = 1; next }}
    $0 == e {{ skip = 0; next }}
    !skip
' "$hosts" > "$tmp"
cat >> "$tmp" <<'PINS'
{block}
PINS
chmod 0644 "$tmp"
chown root:root "$tmp"
mv -f "$tmp" "$hosts"
echo "updated $hosts"
"""


def read_pins(path: Path):
    pins = []
    with path.open(newline="", encoding="utf-8") as fh:
        for n, row in enumerate(csv.reader(fh), start=1):
            if not row or row[0].startswith("#"):
                continue
            if len(row) < 2:
                log.warning("line %d: expected host,address", n)
                continue
            host, addr = row[0].strip(), row[1].strip()
            if not HOSTNAME_RE.match(host):
                log.warning("line %d: bad hostname %r", n, host)
                continue
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                log.warning("line %d: bad address %r", n, addr)
                continue
            pins.append((host, addr))
    return pins


def render_block(pins):
    lines = [BEGIN]
    width = max(len(a) for _, a in pins)
    for host, addr in sorted(pins):
        lines.append(f"{addr.ljust(width)}  {host}")
    lines.append(END)
    return "\n".join(lines)


def current_block():
    try:
        text = Path(HOSTS).read_text(encoding="utf-8")
    except OSError:
        return ""
    m = re.search(re.escape(BEGIN) + r".*?" + re.escape(END), text, re.S)
    return m.group(0) if m else ""


def apply(block, dry):
    script = EDIT_SCRIPT.format(
        hosts=shlex.quote(HOSTS), begin=shlex.quote(BEGIN),
        end=shlex.quote(END), block=block,
    )
    if dry:
        print(script)
        return 0
    proc = subprocess.run(["sudo", "bash", "-s"], input=script, text=True)
    return proc.returncode


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pins", nargs="?", type=Path, default=Path("pins.csv"))
    ap.add_argument("--remove", action="store_true", help="drop the pinned block")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.remove:
        block = ""
    else:
        pins = read_pins(args.pins)
        if not pins:
            log.error("no valid pins in %s", args.pins)
            return 2
        block = render_block(pins)

    if block == current_block():
        log.info("%s already up to date", HOSTS)
        return 0
    rc = apply(block, args.dry_run)
    if rc:
        log.error("edit failed (exit %d); backup is %s.pin-bak", rc, HOSTS)
    return rc


if __name__ == "__main__":
    sys.exit(main())
