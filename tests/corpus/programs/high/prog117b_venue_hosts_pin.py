#!/usr/bin/env python3
"""Pin the tournament server names on a venue laptop.

Away venues rarely give us DNS for our own machines. The arbiter server
announces itself on the LAN (UDP broadcast on port 47800, JSON payload);
this tool listens for the announcement, or takes --ip, and keeps a managed
block in the hosts file so pairings.tournament, results.tournament and
relay.tournament resolve on every laptop at the venue.
"""
import argparse
import ipaddress
import json
import logging
import os
import socket
import sys
import tempfile
from pathlib import Path

HOSTS_FILE = Path(os.environ.get("HOSTS_FILE", "/etc/hosts"))
BEGIN = "# >>> tournament-names >>>"
END = "# <<< tournament-names <<<"
NAMES = ("pairings.tournament", "results.tournament", "relay.tournament")
ANNOUNCE_PORT = 47800

log = logging.getLogger("hosts_pin")


def wait_for_announcement(timeout: float) -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("", ANNOUNCE_PORT))
        s.settimeout(timeout)
        while True:
            data, (sender, _) = s.recvfrom(2048)
            try:
                msg = json.loads(data)
            except ValueError:
                continue
            if msg.get("service") == "arbiter-server":
                ip = msg.get("ip") or sender
                log.info("arbiter server %s announced by %s", ip, sender)
                return ip


def render_block(ip: str, extra: list) -> list:
    lines = [BEGIN + "\n"]
    for name in list(NAMES) + extra:
        lines.append(f"{ip}\t{name}\n")
    lines.append(END + "\n")
    return lines


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


def write_hosts(lines: list) -> None:
    st = HOSTS_FILE.stat()
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(HOSTS_FILE.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.writelines(lines)
        os.chmod(tmp, 0o644)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, HOSTS_FILE)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ip", help="arbiter server address (skip listening)")
    ap.add_argument("--alias", action="append", default=[],
                    help="additional name for the same server")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--clear", action="store_true", help="remove the block")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    current = HOSTS_FILE.read_text().splitlines(keepends=True)
    base = strip_block(current)
    if base and not base[-1].endswith("\n"):
        base[-1] += "\n"

    if args.clear:
        new = base
    else:
        try:
            ip = args.ip or wait_for_announcement(args.timeout)
            ipaddress.ip_address(ip)
        except socket.timeout:
            log.error("no announcement within %.0fs; use --ip", args.timeout)
            return 1
        except ValueError:
            log.error("not an IP address: %s", args.ip)
            return 2
        new = base + render_block(ip, args.alias)

    if new == current:
        log.info("hosts file already up to date")
        return 0
    try:
        write_hosts(new)
    except PermissionError:
        log.error("cannot write %s - run as root on the venue laptop", HOSTS_FILE)
        return 3
    log.info("updated %s", HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
