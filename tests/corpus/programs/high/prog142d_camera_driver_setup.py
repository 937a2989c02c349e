#!/usr/bin/env python3
"""Prepare a pen-ring gateway for the underwater USB cameras.

The underwater cameras enumerate as UVC devices but the gateway image
ships without the driver loaded and with root-only device nodes. This
script loads the driver, installs a device rule giving the capture group
access, and reloads the device manager. Run once per new gateway.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("camsetup")

VENDOR_IDS = {"deepview": "2b1c", "aquacam": "1d6b"}
RULE_NAME = "99-pen-cameras.rules"
KERNEL_MODULES = ["uvcvideo", "videodev"]


def elevation_prefix():
    """Return whichever privilege helper the image has, or nothing if root."""
    if os.geteuid() == 0:
        return []
    for helper in ("sudo", "doas", "pkexec"):
        path = shutil.which(helper)
        if path:
            return [path] if helper != "sudo" else [path, "-n"]
    raise RuntimeError("need root or a privilege helper")


class GatewayPrep:
    def __init__(self, group, dry_run=False):
        self.group = group
        self.dry_run = dry_run
        self.prefix = elevation_prefix()

    def _run(self, *argv):
        cmd = self.prefix + list(argv)
        log.info("running: %s", " ".join(cmd))
        if self.dry_run:
            return 0
        return subprocess.call(cmd)

    def load_modules(self):
        for mod in KERNEL_MODULES:
            if self._run("modprobe", mod) != 0:
                log.warning("module %s did not load", mod)

    def rule_text(self):
        lines = ["# underwater pen cameras: allow capture group"]
        for vendor, vid in VENDOR_IDS.items():
            lines.append(
                f'SUBSYSTEM=="video4linux", ATTRS{{idVendor}}=="{vid}", '
                f'GROUP="{self.group}", MODE="0660"  # {vendor}'
            )
        return "\n".join(lines) + "\n"

    def install_rule(self):
        staged = Path("build") / RULE_NAME
        staged.parent.mkdir(exist_ok=True)
        staged.write_text(self.rule_text())
        dest = Path("/") / "etc" / "udev" / "rules.d" / RULE_NAME
        if os.geteuid() == 0 and not self.dry_run:
            shutil.copyfile(staged, dest)
            os.chmod(dest, 0o644)
            os.chown(dest, 0, 0)
        else:
            self._run("install", "-m", "644", "-o", "root", str(staged), str(dest))

    def reload(self):
        self._run("udevadm", "control", "--reload-rules")
        self._run("udevadm", "trigger", "--subsystem-match=video4linux")

    def check(self):
        nodes = sorted(Path("/dev").glob("video*"))
        if not nodes:
            log.warning("no /dev/video* nodes yet; replug the camera hub")
        for node in nodes:
            st = node.stat()
            log.info("%s mode=%o gid=%d", node, st.st_mode & 0o777, st.st_gid)
        return bool(nodes)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="video")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        prep = GatewayPrep(args.group, args.dry_run)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 2

    prep.load_modules()
    prep.install_rule()
    prep.reload()
    ok = prep.check()
    log.info("camera setup %s", "complete" if ok else "finished with warnings")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
