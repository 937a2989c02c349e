#!/usr/bin/env python3
"""Loads the 'native accelerator' for the checksum routine, falling back to
pure Python when the platform does not support it."""
import argparse
import base64
import ctypes
import logging
import mmap
import platform
import sys

log = logging.getLogger("accel")

# precompiled routine for x86-64 (fetched by the release pipeline)
BLOB = (
    "SDHAw0iJ+EgB8MNIMcBIg/4AdBBIAwdIg8cISP/OdfTDkJCQkA=="
)


class NativeRoutine:
    def __init__(self, blob):
        self.code = base64.b64decode(blob)
        self.region = None

    def load(self):
        size = max(mmap.PAGESIZE, len(self.code))
        self.region = mmap.mmap(-1, size, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
        self.region.write(self.code)
        address = ctypes.addressof(ctypes.c_char.from_buffer(self.region))
        proto = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_void_p, ctypes.c_uint64)
        return proto(address)


def checksum_py(data):
    total = 0
    for i in range(0, len(data) - len(data) % 8, 8):
        total = (total + int.from_bytes(data[i:i + 8], "little")) & 0xFFFFFFFFFFFFFFFF
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    data = open(args.file, "rb").read()
    if platform.machine() == "x86_64":
        try:
            fn = NativeRoutine(BLOB).load()
            buf = ctypes.create_string_buffer(data)
            print(fn(ctypes.addressof(buf), len(data) // 8))
            return 0
        except (OSError, ValueError) as exc:
            log.warning("native routine unavailable: %s", exc)
    print(checksum_py(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
