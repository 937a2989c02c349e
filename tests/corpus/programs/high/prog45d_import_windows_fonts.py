#!/usr/bin/env python3
"""Import TrueType fonts from a dual-boot Windows partition.

Documents exchanged with Windows colleagues render badly without Calibri,
Cambria & co. This mounts the Windows system partition read-only, copies
the licensed fonts into the system-wide font directory and rebuilds the
fontconfig cache.
"""
import argparse
import fnmatch
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("winfonts")

SYSTEM_FONT_DIR = Path("/usr/local/share/fonts/windows")
WANTED = ["calibri*.ttf", "cambria*.tt?", "consola*.ttf", "segoeui*.ttf",
          "arial*.ttf", "times*.ttf", "verdana*.ttf", "tahoma*.ttf"]


def privileged(cmd):
    """Prefix with sudo unless we already run as root."""
    return cmd if os.geteuid() == 0 else ["sudo", "--"] + cmd


def run(cmd, **kw):
    log.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=True, **kw)


def find_windows_partition():
    out = run(["lsblk", "-rno", "PATH,FSTYPE,LABEL"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split(" ")
        if len(parts) >= 2 and parts[1] == "ntfs":
            label = parts[2] if len(parts) > 2 else ""
            if label.lower() in ("", "windows", "os", "system"):
                return parts[0]
    return None


class ReadOnlyMount:
    def __init__(self, device):
        self.device = device
        self.point = Path(tempfile.mkdtemp(prefix="winsys-"))

    def __enter__(self):
        run(privileged(["mount", "-t", "ntfs3", "-o", "ro,noexec,nosuid",
                        self.device, str(self.point)]))
        return self.point

    def __exit__(self, *exc):
        run(privileged(["umount", str(self.point)]))
        self.point.rmdir()


def select_fonts(fonts_dir: Path):
    for entry in sorted(fonts_dir.iterdir()):
        if any(fnmatch.fnmatch(entry.name.lower(), pat) for pat in WANTED):
            yield entry


def install_fonts(sources, dest: Path, dry_run: bool) -> int:
    if not dry_run:
        run(privileged(["install", "-d", "-m", "0755", str(dest)]))
    count = 0
    for src in sources:
        log.info("%s %s", "would copy" if dry_run else "copy", src.name)
        if not dry_run:
            run(privileged(["install", "-m", "0644", "-o", "root", "-g", "root",
                            str(src), str(dest / src.name.lower())]))
        count += 1
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", help="NTFS partition, e.g. /dev/nvme0n1p3")
    ap.add_argument("--dest", type=Path, default=SYSTEM_FONT_DIR)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    device = args.device or find_windows_partition()
    if not device:
        log.error("no Windows partition found; pass --device")
        return 1

    try:
        with ReadOnlyMount(device) as root:
            fonts = root / "Windows" / "Fonts"
            if not fonts.is_dir():
                log.error("%s has no Windows/Fonts directory", device)
                return 1
            n = install_fonts(list(select_fonts(fonts)), args.dest, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 2

    if n and not args.dry_run and shutil.which("fc-cache"):
        run(["fc-cache", "-f", str(args.dest)])
    log.info("%d font(s) %s", n, "selected" if args.dry_run else "installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
