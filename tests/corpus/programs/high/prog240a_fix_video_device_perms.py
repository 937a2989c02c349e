#!/usr/bin/env python3
"""Fix ownership and mode of the webcam device nodes on a stream host.

After a USB reset the capture nodes sometimes come back as root:root 0600
and the streaming service (running as the 'webcam' group) can no longer open
them. This tool maps the configured cameras to their /dev/video* nodes via
v4l2-ctl and resets each node to root:<group> 0660. Run it as root.
"""
import argparse
import grp
import json
import logging
import os
import stat
import subprocess
import sys

log = logging.getLogger("fix-video-perms")

LIST_CMD = "v4l2-ctl --list-devices 2>/dev/null | sed -e 's/^[[:space:]]*//'"


class DeviceMap:
    def __init__(self, wanted_labels):
        self.wanted = [w.lower() for w in wanted_labels]
        self.nodes = {}

    def load(self):
        out = subprocess.run(["bash", "-c", LIST_CMD], capture_output=True,
                             text=True, check=False).stdout
        label = None
        for line in out.splitlines():
            if not line:
                label = None
            elif not line.startswith("/dev/"):
                label = line.rstrip(":")
            elif label:
                self.nodes.setdefault(label, []).append(line)
        return self

    def selected(self):
        for label, nodes in self.nodes.items():
            if not self.wanted or any(w in label.lower() for w in self.wanted):
                yield label, nodes


def fix_node(path: str, gid: int, mode: int, dry_run: bool) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        log.warning("%s vanished", path)
        return False
    if not stat.S_ISCHR(st.st_mode):
        log.warning("%s is not a character device, skipping", path)
        return False
    current = stat.S_IMODE(st.st_mode)
    if st.st_gid == gid and current == mode:
        log.debug("%s already correct", path)
        return False
    log.info("%s: gid %d -> %d, mode %o -> %o", path, st.st_gid, gid, current, mode)
    if not dry_run:
        os.chown(path, 0, gid)
        os.chmod(path, mode)
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="./camhost.json",
                    help="host config listing camera labels")
    ap.add_argument("--group", default="webcam")
    ap.add_argument("--mode", default="660", help="octal mode for nodes")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (or use --dry-run)")
        return 1
    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 1
    mode = int(args.mode, 8)
    if mode & 0o007:
        log.error("refusing to make camera nodes world-accessible")
        return 1

    labels = []
    try:
        with open(args.config, encoding="utf-8") as fh:
            labels = [c["label"] for c in json.load(fh).get("cameras", [])]
    except FileNotFoundError:
        log.info("no %s; fixing every capture device", args.config)
    except (ValueError, KeyError) as exc:
        log.error("bad config: %s", exc)
        return 1

    changed = 0
    for label, nodes in DeviceMap(labels).load().selected():
        log.info("camera %s: %s", label, ", ".join(nodes))
        for node in nodes:
            if node.startswith("/dev/video"):
                changed += fix_node(node, gid, mode, args.dry_run)
    log.info("%d device node(s) %s", changed,
             "would change" if args.dry_run else "changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
