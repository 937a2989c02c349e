#!/usr/bin/env python3
"""Stage a vendor NIC firmware image and reload the driver.

The vendor ships firmware as Intel-HEX-like text (one hex record per line)
plus a hex SHA-256; we convert it to the raw binary the kernel expects,
install it under /lib/firmware and bounce the module.
"""
import argparse
import binascii
import hashlib
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("fwupd-lite")
FW_ROOT = Path("/lib/firmware")


def hex_records_to_bin(text: str) -> bytes:
    out = bytearray()
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if not line.startswith(":"):
            raise ValueError(f"line {lineno}: missing record mark")
        rec = binascii.unhexlify(line[1:])
        length, rtype = rec[0], rec[3]
        if (sum(rec) & 0xFF) != 0:
            raise ValueError(f"line {lineno}: bad record checksum")
        if rtype == 0x00:
            out += rec[4:4 + length]
        elif rtype == 0x01:
            break
    return bytes(out)


def verify(data: bytes, expected_hex: str) -> None:
    got = hashlib.sha256(data).hexdigest()
    if got != expected_hex.strip().lower():
        raise ValueError(f"sha256 mismatch: {got}")


def install(data: bytes, relpath: str, keep_backup: bool) -> Path:
    target = FW_ROOT / relpath
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() and keep_backup:
        shutil.copy2(target, target.with_suffix(target.suffix + ".prev"))
    tmp = target.with_suffix(".staging")
    tmp.write_bytes(data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    log.info("installed %s (%d bytes)", target, len(data))
    return target


def reload_module(module: str) -> None:
    for argv in (["modprobe", "-r", module], ["modprobe", module]):
        log.info("running %s", " ".join(argv))
        subprocess.run(argv, check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("hexfile", type=Path)
    ap.add_argument("--sha256-file", type=Path, required=True)
    ap.add_argument("--dest", default="acmenic/acmenic-fw-2.7.bin",
                    help="path relative to /lib/firmware")
    ap.add_argument("--module", default="acmenic")
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("--no-backup", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("run as root")
        return 1
    try:
        data = hex_records_to_bin(args.hexfile.read_text())
        verify(data, args.sha256_file.read_text().split()[0])
    except (OSError, ValueError, binascii.Error) as exc:
        log.error("firmware rejected: %s", exc)
        return 2

    install(data, args.dest, not args.no_backup)
    if not args.no_reload:
        try:
            reload_module(args.module)
        except subprocess.CalledProcessError as exc:
            log.error("module reload failed (%s); reboot to pick up firmware", exc)
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
