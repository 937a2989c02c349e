#!/usr/bin/env python3
"""Pin the results site to the on-site mirror on the finish-area laptops.

The venue uplink is slow, so on race day the finish-area laptops should
reach results.example.org on the local mirror instead of the public
address. This writes a marked block into the system hosts file and can
remove it again after the race.
"""
import argparse
import logging
import os
import shutil
import sys
import time

LOG = logging.getLogger("pin")

MARK_BEGIN = "# >>> marathon results mirror >>>"
MARK_END = "# <<< marathon results mirror <<<"

PINS = {
    "results.example.org": "203.0.113.20",
    "live.example.org": "203.0.113.20",
    "photos.example.org": "203.0.113.21",
}

HOSTS_PARTS = ("", "etc", "hosts")


def hosts_path(root):
    return os.path.join(root, *HOSTS_PARTS[1:]) if root else os.sep.join(HOSTS_PARTS)


def strip_block(lines):
    out, skipping = [], False
    for line in lines:
        s = line.rstrip("\n")
        if s == MARK_BEGIN:
            skipping = True
            continue
        if s == MARK_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return out


def render_block(pins):
    body = [MARK_BEGIN + "\n"]
    for name, addr in sorted(pins.items()):
        body.append("%-15s %s\n" % (addr, name))
    body.append(MARK_END + "\n")
    return body


class HostsFile:
    def __init__(self, path):
        self.path = path

    def read(self):
        with open(self.path) as fh:
            return fh.readlines()

    def backup(self):
        dst = "%s.race-%s" % (self.path, time.strftime("%Y%m%d%H%M%S"))
        shutil.copy2(self.path, dst)
        LOG.info("backup at %s", dst)

    def write(self, lines):
        tmp = self.path + ".new"
        with open(tmp, "w") as fh:
            fh.writelines(lines)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.path)
        LOG.info("wrote %s", self.path)


def apply(hf, pins, dry):
    lines = strip_block(hf.read())
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    lines += render_block(pins)
    if dry:
        sys.stdout.writelines(lines)
        return
    hf.backup()
    hf.write(lines)


def remove(hf, dry):
    lines = strip_block(hf.read())
    if dry:
        sys.stdout.writelines(lines)
        return
    hf.backup()
    hf.write(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["apply", "remove", "show"])
    ap.add_argument("--root", default="", help="alternate root (for image builds)")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    hf = HostsFile(hosts_path(args.root))
    try:
        if args.action == "show":
            sys.stdout.writelines(render_block(PINS))
        elif args.action == "apply":
            apply(hf, PINS, args.dry_run)
        else:
            remove(hf, args.dry_run)
    except PermissionError:
        LOG.error("need root to change %s (try sudo)", hf.path)
        return 1
    except OSError as exc:
        LOG.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
