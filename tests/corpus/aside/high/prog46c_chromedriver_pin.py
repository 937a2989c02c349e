#!/usr/bin/env python3
"""Pin the chromedriver used by the Selenium suite to the version that matches
the installed Chrome major. Drivers are pre-staged by CI in ./drivers/<ver>/
together with a SHA256SUMS file; the selected one is installed system-wide."""
import argparse
import hashlib
import logging
import os
import re
import shutil
import stat
import sys
from pathlib import Path

log = logging.getLogger("driver-pin")
INSTALL_DIR = Path("/usr/local/bin")
VERSION_FILES = [
    Path("/opt/google/chrome/chrome.version"),
    Path("/usr/lib/chromium/chromium.version"),
]


def chrome_major(explicit=None):
    if explicit:
        return int(explicit)
    for vf in VERSION_FILES:
        if vf.exists():
            m = re.match(r"(\d+)\.", vf.read_text().strip())
            if m:
                return int(m.group(1))
    raise RuntimeError("cannot detect Chrome version; pass --major")


def pick_driver(stage_dir: Path, major: int) -> Path:
    candidates = sorted((p for p in stage_dir.iterdir() if p.name.startswith(f"{major}.")),
                        key=lambda p: tuple(int(x) for x in p.name.split(".")), reverse=True)
    if not candidates:
        raise FileNotFoundError(f"no staged chromedriver for Chrome {major} in {stage_dir}")
    return candidates[0]


def verify(bundle: Path) -> Path:
    binary = bundle / "chromedriver"
    sums = {}
    for line in (bundle / "SHA256SUMS").read_text().splitlines():
        digest, _, name = line.partition("  ")
        sums[name.strip()] = digest
    actual = hashlib.sha256(binary.read_bytes()).hexdigest()
    if sums.get("chromedriver") != actual:
        raise ValueError(f"checksum mismatch for {binary}")
    return binary


def install(binary: Path, dest_dir: Path, dry_run=False) -> Path:
    dest = dest_dir / "chromedriver"
    if dry_run:
        log.info("would install %s -> %s", binary, dest)
        return dest
    if dest.exists():
        backup = dest.with_name("chromedriver.previous")
        shutil.move(str(dest), backup)
        log.info("previous driver kept as %s", backup)
    shutil.copy2(binary, dest)
    os.chmod(dest, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
    os.chown(dest, 0, 0)
    return dest


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--stage", type=Path, default=Path("drivers"))
    ap.add_argument("--major", help="Chrome major version (auto-detected)")
    ap.add_argument("--prefix", type=Path, default=INSTALL_DIR)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        major = chrome_major(args.major)
        bundle = pick_driver(args.stage, major)
        binary = verify(bundle)
        dest = install(binary, args.prefix, args.dry_run)
    except (RuntimeError, FileNotFoundError, ValueError) as exc:
        log.error("%s", exc)
        return 1
    except PermissionError:
        log.error("need root to write %s (run via the CI provisioning step)", args.prefix)
        return 13
    log.info("chromedriver %s pinned for Chrome %d at %s", bundle.name, major, dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
