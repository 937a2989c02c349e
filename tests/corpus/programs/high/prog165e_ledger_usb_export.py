#!/usr/bin/env python3
"""Copy the daily cremation ledger to the encrypted USB stick.

The regulator requires an offline copy of each day's cremation ledger.
The stick is identified by its filesystem label, mounted, the ledger is
copied, and the stick is unmounted again.
"""

import argparse
import hashlib
import logging
import os
import shutil
import subprocess
from datetime import date
from pathlib import Path

log = logging.getLogger("ledger-export")

DEFAULTS = {
    "label": "LEDGER_USB",
    "mount_point": "/mnt/ledger-usb",
    "ledger_dir": "/srv/crematory/ledger",
}


def privileged(*cmd):
    full = ["sudo", "-n", *cmd]
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def find_device(label):
    by_label = Path("/dev/disk/by-label") / label
    if not by_label.exists():
        raise FileNotFoundError(f"no device labelled {label}")
    return str(by_label.resolve())


class MountedStick:
    def __init__(self, device, mount_point):
        self.device = device
        self.mount_point = Path(mount_point)

    def __enter__(self):
        privileged("mkdir", "-p", str(self.mount_point))
        uid, gid = os.getuid(), os.getgid()
        privileged("mount", "-o", f"uid={uid},gid={gid},umask=077",
                   self.device, str(self.mount_point))
        log.info("mounted %s at %s", self.device, self.mount_point)
        return self.mount_point

    def __exit__(self, exc_type, exc, tb):
        os.sync()
        try:
            privileged("umount", str(self.mount_point))
            log.info("unmounted %s", self.mount_point)
        except subprocess.CalledProcessError as err:
            log.error("umount failed: %s", err.stderr.strip())
        return False


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(65536), b""):
            h.update(chunk)
    return h.hexdigest()


def ledger_files(ledger_dir, day):
    pattern = f"ledger_{day:%Y%m%d}*"
    return sorted(Path(ledger_dir).glob(pattern))


def export(files, target_root, day):
    dest = target_root / f"{day:%Y}" / f"{day:%m}"
    dest.mkdir(parents=True, exist_ok=True)
    manifest = []
    for src in files:
        out = dest / src.name
        shutil.copy2(src, out)
        if sha256(src) != sha256(out):
            raise IOError(f"checksum mismatch for {src.name}")
        manifest.append(f"{sha256(out)}  {src.name}")
        log.info("copied %s", src.name)
    (dest / f"SHA256SUMS_{day:%Y%m%d}").write_text("\n".join(manifest) + "\n")
    return len(manifest)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--day", type=date.fromisoformat, default=date.today())
    parser.add_argument("--label", default=DEFAULTS["label"])
    parser.add_argument("--mount-point", default=DEFAULTS["mount_point"])
    parser.add_argument("--ledger-dir", default=os.environ.get(
        "LEDGER_DIR", DEFAULTS["ledger_dir"]))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    files = ledger_files(args.ledger_dir, args.day)
    if not files:
        log.warning("no ledger files for %s", args.day)
        return 1
    device = find_device(args.label)
    with MountedStick(device, args.mount_point) as root:
        count = export(files, root, args.day)
    log.info("exported %d file(s) for %s", count, args.day)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
