#!/usr/bin/env python3
"""Local host names for developing the morris federation event calendar.

The calendar site, the side directory and the booking API are served
locally during development as calendar.morrisfed.test, sides.morrisfed.test
and api.morrisfed.test, matching the production cookie domain.  This keeps
a marked block of aliases in the hosts file in step with devhosts.toml.

Usage:
    dev_hosts_alias.py add        # write/refresh the block
    dev_hosts_alias.py remove     # take the block out again
    dev_hosts_alias.py show
"""

import argparse
import logging
import os
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

log = logging.getLogger("devhosts")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> morrisfed dev aliases >>>"
END = "# <<< morrisfed dev aliases <<<"
DEFAULT_ALIASES = {
    "calendar.morrisfed.test": "127.0.0.1",
    "sides.morrisfed.test": "127.0.0.1",
    "api.morrisfed.test": "127.0.0.1",
}


def load_aliases(path):
    if not path.exists():
        return dict(DEFAULT_ALIASES)
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    aliases = data.get("aliases", {})
    if not isinstance(aliases, dict) or not aliases:
        raise ValueError(f"{path}: [aliases] table is empty or missing")
    return {str(k): str(v) for k, v in aliases.items()}


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n"


def render_block(aliases):
    by_ip = {}
    for name, ip in sorted(aliases.items()):
        by_ip.setdefault(ip, []).append(name)
    lines = [BEGIN] + [f"{ip}\t{' '.join(names)}" for ip, names in by_ip.items()] + [END]
    return "\n".join(lines) + "\n"


def write_hosts(text):
    """Replace the hosts file atomically, keeping its mode and a backup."""
    shutil.copy2(HOSTS, HOSTS.with_name("hosts.morrisfed.bak"))
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        shutil.copymode(HOSTS, tmp)
        os.replace(tmp, HOSTS)
    except BaseException:
        os.unlink(tmp)
        raise


def elevate():
    """Re-run this command with the rights needed to edit the hosts file."""
    for tool in ("sudo", "doas"):
        exe = shutil.which(tool)
        if exe:
            log.info("hosts file needs root; re-running through %s", tool)
            os.execv(exe, [tool, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])
    raise PermissionError("need root to edit /etc/hosts and no sudo/doas found")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Manage morrisfed .test host aliases")
    ap.add_argument("action", choices=["add", "remove", "show"])
    ap.add_argument("-c", "--config", type=Path, default=Path("devhosts.toml"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="devhosts: %(message)s")

    current = HOSTS.read_text()
    if args.action == "show":
        inside = current.partition(BEGIN)[2].partition(END)[0]
        print(inside.strip() or "(no morrisfed aliases present)")
        return 0

    try:
        aliases = load_aliases(args.config)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("%s", exc)
        return 2

    base = strip_block(current)
    new = base if args.action == "remove" else base + "\n" + render_block(aliases)
    if new == current:
        log.info("hosts file already up to date")
        return 0

    if not os.access(HOSTS, os.W_OK) or not os.access(HOSTS.parent, os.W_OK):
        elevate()
    write_hosts(new)
    log.info("%s %d aliases", "removed" if args.action == "remove" else "wrote", len(aliases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
