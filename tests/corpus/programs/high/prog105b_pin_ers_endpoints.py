#!/usr/bin/env python3
"""Keep the HSCN endpoint entries for e-RS / Spine in the hosts file current.

Our satellite hearing clinics sit behind a consumer router whose DNS cannot
resolve the HSCN-only names used by the referral and demographics services.
IT publishes the current addresses in hscn_endpoints.json; this script keeps
a managed block in the hosts file in step with it, leaving every other line
untouched.  Run it from the clinic's weekly maintenance task.
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("pin_endpoints")

BEGIN = "# >>> hscn-endpoints (managed by pin_ers_endpoints.py) >>>"
END = "# <<< hscn-endpoints <<<"


class HostsFile:
    def __init__(self, path):
        self.path = Path(path)
        self.lines = self.path.read_text().splitlines()

    def _split(self):
        try:
            start = self.lines.index(BEGIN)
            stop = self.lines.index(END, start)
        except ValueError:
            return self.lines, [], []
        return self.lines[:start], self.lines[start + 1:stop], self.lines[stop + 1:]

    def current_block(self):
        return self._split()[1]

    def replace_block(self, entries):
        head, _, tail = self._split()
        block = [BEGIN] + [f"{ip:<16} {' '.join(names)}" for ip, names in entries] + [END]
        while head and not head[-1].strip():
            head.pop()
        self.lines = head + [""] + block + tail

    def save(self):
        st = self.path.stat()
        fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(self.path.parent))
        try:
            with os.fdopen(fd, "w") as fh:
                fh.write("\n".join(self.lines) + "\n")
            os.chmod(tmp, 0o644)
            os.chown(tmp, st.st_uid, st.st_gid)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise


def load_endpoints(path):
    data = json.loads(Path(path).read_text())
    entries = []
    for item in data.get("endpoints", []):
        try:
            ip = str(ipaddress.ip_address(item["address"]))
        except (KeyError, ValueError):
            LOG.warning("skipping malformed entry %r", item)
            continue
        names = [n.strip().lower() for n in item.get("names", []) if n.strip()]
        if names:
            entries.append((ip, names))
    if not entries:
        raise ValueError(f"{path} contains no usable endpoints")
    return sorted(entries)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endpoints", default="hscn_endpoints.json")
    ap.add_argument("--hosts", default="/etc/hosts")
    ap.add_argument("--check", action="store_true", help="report drift only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        entries = load_endpoints(args.endpoints)
        hosts = HostsFile(args.hosts)
    except (OSError, ValueError) as exc:
        LOG.error("%s", exc)
        return 1

    before = hosts.current_block()
    hosts.replace_block(entries)
    after = hosts.current_block()
    if before == after:
        LOG.info("hosts file already up to date (%d endpoints)", len(entries))
        return 0
    for line in sorted(set(after) - set(before)):
        LOG.info("+ %s", line)
    for line in sorted(set(before) - set(after)):
        LOG.info("- %s", line)
    if args.check:
        return 3

    try:
        hosts.save()
    except PermissionError:
        LOG.error("no permission to write %s; run from the root maintenance task", args.hosts)
        return 1
    LOG.info("updated %s with %d endpoints", args.hosts, len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
