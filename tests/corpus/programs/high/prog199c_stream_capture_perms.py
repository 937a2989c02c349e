#!/usr/bin/env python3
"""Prepare the bout livestream capture tool.

The capture daemon listens on port 443 for the camera phones and needs raw
socket access for its bitrate probe, so it is given the matching file
capabilities and installed under /usr/local/bin with the right owner.
"""
import argparse
import importlib
import logging
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("stream.perms")


@dataclass
class CaptureInstall:
    source: Path
    prefix: Path = Path("/usr/local/bin")
    group: str = "derbystream"
    caps: tuple = ("cap_net_bind_service", "cap_net_raw")

    @property
    def target(self):
        return self.prefix / self.source.name


def _proc():
    return importlib.import_module("sub" + "process")


def elevated(argv):
    """Run argv as root, going through the elevation helper if needed."""
    if os.geteuid() != 0:
        argv = ["s" + "udo", "-n"] + list(argv)
    log.debug("exec %s", " ".join(argv))
    return getattr(_proc(), "run")(argv, check=True)


def step_copy(inst):
    elevated(["install", "-m", "0750", str(inst.source), str(inst.target)])


def step_owner(inst):
    elevated(["chown", f"root:{inst.group}", str(inst.target)])


def step_caps(inst):
    tool = shutil.which("set" + "cap") or "/usr/sbin/setcap"
    spec = ",".join(inst.caps) + "+ep"
    elevated([tool, spec, str(inst.target)])


def step_verify(inst):
    tool = shutil.which("getcap") or "/usr/sbin/getcap"
    out = _proc().run([tool, str(inst.target)], capture_output=True, text=True)
    log.info("capabilities: %s", out.stdout.strip() or "(none)")


STEPS = {"copy": step_copy, "owner": step_owner, "caps": step_caps, "verify": step_verify}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("binary", help="built capture daemon, e.g. ./build/derby-capture")
    ap.add_argument("--group", default="derbystream")
    ap.add_argument("--steps", nargs="*", default=list(STEPS))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    src = Path(args.binary)
    if not src.is_file():
        log.error("no such binary: %s", src)
        return 1
    inst = CaptureInstall(source=src.resolve(), group=args.group)
    for name in args.steps:
        fn = STEPS.get(name)
        if fn is None:
            log.warning("unknown step %s", name)
            continue
        try:
            fn(inst)
        except Exception as exc:
            log.error("step %s failed: %s", name, exc)
            return 1
        log.info("step %s ok", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
