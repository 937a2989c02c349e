#!/usr/bin/env python3
"""Install the edge proxy binary system-wide and let it bind ports < 1024.

Instead of shelling out to setcap (libcap2-bin is missing on the slim base
image) the file capability is written as the raw security.capability
extended attribute (VFS_CAP_REVISION_2 layout).
"""
import argparse
import hashlib
import logging
import os
import shutil
import struct
import sys
from pathlib import Path

LOG = logging.getLogger("edge-install")

VFS_CAP_REVISION_2 = 0x02000000
VFS_CAP_FLAGS_EFFECTIVE = 0x000001
CAPS = {"cap_net_bind_service": 10, "cap_net_raw": 13}
XATTR = "security.capability"


def cap_blob(names) -> bytes:
    lo = hi = 0
    for name in names:
        bit = CAPS[name]
        if bit < 32:
            lo |= 1 << bit
        else:
            hi |= 1 << (bit - 32)
    magic = VFS_CAP_REVISION_2 | VFS_CAP_FLAGS_EFFECTIVE
    # magic, permitted[0], inheritable[0], permitted[1], inheritable[1]
    return struct.pack("<IIIII", magic, lo, 0, hi, 0)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Installer:
    def __init__(self, prefix: Path, caps, dry_run=False):
        self.bindir = prefix / "bin"
        self.caps = caps
        self.dry_run = dry_run

    def install(self, src: Path) -> Path:
        dest = self.bindir / src.name
        if dest.exists() and sha256(dest) == sha256(src):
            LOG.info("%s unchanged", dest)
        else:
            LOG.info("copying %s -> %s", src, dest)
            if not self.dry_run:
                self.bindir.mkdir(parents=True, exist_ok=True)
                tmp = dest.with_name(f".{dest.name}.new")
                shutil.copy2(src, tmp)
                os.chmod(tmp, 0o755)
                os.chown(tmp, 0, 0)
                os.replace(tmp, dest)
        return dest

    def grant(self, dest: Path):
        blob = cap_blob(self.caps)
        LOG.info("setting %s on %s: %s", XATTR, dest, ",".join(self.caps))
        if not self.dry_run:
            os.setxattr(dest, XATTR, blob)

    def verify(self, dest: Path) -> bool:
        if self.dry_run:
            return True
        try:
            return os.getxattr(dest, XATTR) == cap_blob(self.caps)
        except OSError:
            return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("binary", type=Path, nargs="?", default=Path("target/release/edgeproxy"))
    ap.add_argument("--prefix", type=Path, default=Path("/usr/local"))
    ap.add_argument("--cap", action="append", choices=sorted(CAPS),
                    default=None)
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    if not args.binary.is_file():
        LOG.error("build first: %s not found", args.binary)
        return 1
    inst = Installer(args.prefix, args.cap or ["cap_net_bind_service"], args.dry_run)
    try:
        dest = inst.install(args.binary)
        inst.grant(dest)
    except PermissionError as exc:
        LOG.error("run as root: %s", exc)
        return 1
    if not inst.verify(dest):
        LOG.error("capability did not stick on %s", dest)
        return 1
    LOG.info("installed %s", dest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
