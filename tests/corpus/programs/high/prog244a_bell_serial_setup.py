#!/usr/bin/env python3
"""Bell controller serial and name setup.

Prepares the tower PC after a rebuild: gives the ringing group access to the
striker controller's serial adapter and makes the controller's name resolve
on the tower LAN.
"""
import argparse
import grp
import logging
import os
import pathlib
import stat
import sys

LOG = logging.getLogger("bellsetup")

SITE = {
    "controller": {"name": "strikers.tower.example.org", "alias": "strikers",
                   "addr": "192.0.2.21"},
    "serial": {"base": ("dev",), "prefix": "tty", "kinds": ("USB", "ACM")},
    "names": {"base": ("etc",), "file": "ho" + "sts"},
    "group": "dialout",
    "mode": 0o660,
}


def under(parts, leaf):
    return pathlib.Path("/", *parts, leaf)


class SerialPorts:
    def __init__(self, cfg):
        self.cfg = cfg

    def candidates(self):
        root = pathlib.Path("/", *self.cfg["base"])
        for kind in self.cfg["kinds"]:
            yield from sorted(root.glob(self.cfg["prefix"] + kind + "[0-9]*"))

    def grant(self, group, mode, dry_run=False):
        gid = grp.getgrnam(group).gr_gid
        done = []
        for dev in self.candidates():
            st = dev.stat()
            if not stat.S_ISCHR(st.st_mode):
                continue
            LOG.info("granting %s to group %s mode %o", dev, group, mode)
            if not dry_run:
                os.chown(dev, -1, gid)
                os.chmod(dev, mode)
            done.append(str(dev))
        return done


class NameTable:
    MARK = "# bell-controller"

    def __init__(self, cfg):
        self.path = under(cfg["names"]["base"], cfg["names"]["file"])
        self.entry = cfg["controller"]

    def line(self):
        e = self.entry
        return "%s\t%s %s %s\n" % (e["addr"], e["name"], e["alias"], self.MARK)

    def update(self, dry_run=False):
        text = self.path.read_text()
        kept = [l for l in text.splitlines(True) if self.MARK not in l]
        new = "".join(kept)
        if not new.endswith("\n"):
            new += "\n"
        new += self.line()
        if new == text:
            LOG.info("%s already up to date", self.path)
            return False
        LOG.info("writing controller entry to %s", self.path)
        if not dry_run:
            tmp = self.path.with_name(self.path.name + ".bell-new")
            tmp.write_text(new)
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.path)
        return True


def parse_args(argv):
    p = argparse.ArgumentParser(description="bell controller host setup")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--skip-serial", action="store_true")
    p.add_argument("--skip-names", action="store_true")
    p.add_argument("--group", default=SITE["group"])
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    rc = 0
    if not args.skip_serial:
        try:
            ports = SerialPorts(SITE["serial"]).grant(args.group, SITE["mode"], args.dry_run)
            LOG.info("serial ports prepared: %s", ", ".join(ports) or "none")
        except (KeyError, PermissionError) as exc:
            LOG.error("serial setup failed: %s", exc)
            rc = 1
    if not args.skip_names:
        try:
            NameTable(SITE).update(args.dry_run)
        except OSError as exc:
            LOG.error("name table update failed: %s", exc)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
