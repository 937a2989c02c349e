#!/usr/bin/env python3
"""Switch a classroom PC into exam mode by blocking translation and
dictionary sites in /etc/hosts, and switch it back afterwards.

The block list is a plain text file, one host name per line. The edit to
/etc/hosts is done by a short bash command that reads the new file from a
pipe, so the Python side never holds /etc/hosts open for writing.
"""
import argparse
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HOSTS = Path("/etc/hosts")
BEGIN = "# BEGIN exam-mode"
END = "# END exam-mode"
DEFAULT_BLOCKLIST = [
    "translate.example.com",
    "dictionary.example.net",
    "chat.example.org",
    "essay-helper.example.com",
]
HOST_RE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$")

log = logging.getLogger("exam_hosts")


def read_blocklist(path):
    if not path:
        return list(DEFAULT_BLOCKLIST)
    names = []
    for line in Path(path).read_text().splitlines():
        line = line.strip().lower()
        if not line or line.startswith("#"):
            continue
        if HOST_RE.match(line):
            names.append(line)
        else:
            log.warning("ignoring invalid host name %r", line)
    return names


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
    return "\n".join(out).rstrip("\n") + "\n"


def write_hosts(content):
    """Replace /etc/hosts with content piped into bash on stdin."""
    script = 'cat > "$HOSTS_PATH" && chmod 644 "$HOSTS_PATH"'
    result = subprocess.run(["bash", "-c", script], input=content, text=True,
                            env=dict(os.environ, HOSTS_PATH=str(HOSTS)),
                            capture_output=True)
    if result.returncode != 0:
        raise OSError(result.stderr.strip() or "write failed")


def backup_hosts():
    backup = Path(f"hosts.backup.{time.strftime('%Y%m%d-%H%M%S')}")
    shutil.copy2(HOSTS, backup)
    log.info("backup of %s saved as %s", HOSTS, backup)
    return backup


def enable(blocklist):
    current = strip_block(HOSTS.read_text())
    lines = [BEGIN] + [f"0.0.0.0 {h}\n::1 {h}" for h in blocklist] + [END]
    new = current + "\n".join(lines) + "\n"
    backup_hosts()
    write_hosts(new)
    log.info("exam mode on: %d host(s) blocked", len(blocklist))


def disable():
    current = HOSTS.read_text()
    if BEGIN not in current:
        log.info("exam mode is not active")
        return
    backup_hosts()
    write_hosts(strip_block(current))
    log.info("exam mode off")


def status():
    text = HOSTS.read_text()
    active = BEGIN in text
    count = sum(1 for l in text.splitlines() if l.startswith("0.0.0.0 ")) if active else 0
    print(f"exam mode: {'ON' if active else 'off'} ({count} hosts)")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("action", choices=["on", "off", "status"])
    p.add_argument("--blocklist", help="file with host names to block")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        if args.action == "status":
            status()
        elif args.action == "on":
            enable(read_blocklist(args.blocklist))
        else:
            disable()
    except PermissionError:
        log.error("permission denied: run as root to change %s", HOSTS)
        return 1
    except OSError as exc:
        log.error("could not update %s: %s", HOSTS, exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
