#!/usr/bin/env python3
"""Top-up kiosk front-end launcher.

Started by root at boot so it can open the card-reader serial port and
the receipt printer device, then switches to the unprivileged kiosk
account (through libc directly, matching the vendor's C launcher) before
showing the balance screen.
"""
import argparse
import ctypes
import ctypes.util
import logging
import os
import pwd
from dataclasses import dataclass
from pathlib import Path

LOG = logging.getLogger("kiosk.launcher")


@dataclass
class Account:
    name: str
    uid: int
    gid: int
    home: str


def lookup(name: str) -> Account:
    entry = pwd.getpwnam(name)
    return Account(entry.pw_name, entry.pw_uid, entry.pw_gid, entry.pw_dir)


class Libc:
    _calls = {
        "groups": ("setgroups", [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]),
        "gid": ("setres" + "gid", [ctypes.c_uint] * 3),
        "uid": ("setres" + "uid", [ctypes.c_uint] * 3),
    }

    def __init__(self):
        self._lib = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __getattr__(self, key):
        name, argtypes = self._calls[key]
        fn = getattr(self._lib, name)
        fn.argtypes = argtypes
        fn.restype = ctypes.c_int

        def call(*args):
            if fn(*args) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{name} failed: {os.strerror(err)}")

        return call


def open_devices(paths):
    handles = {}
    for label, path in paths.items():
        try:
            handles[label] = os.open(path, os.O_RDWR | os.O_NOCTTY)
        except OSError as exc:
            LOG.warning("cannot open %s (%s): %s", label, path, exc)
    return handles


def switch_to(acct: Account) -> None:
    libc = Libc()
    extra = (ctypes.c_uint * 1)(acct.gid)
    libc.groups(1, extra)
    libc.gid(acct.gid, acct.gid, acct.gid)
    libc.uid(acct.uid, acct.uid, acct.uid)
    os.environ.update({"HOME": acct.home, "USER": acct.name, "LOGNAME": acct.name})
    os.chdir(acct.home)
    LOG.info("now running as %s (uid=%d)", acct.name, os.getuid())


def balance_screen(handles: dict, store: str) -> None:
    state = Path(os.environ.get("KIOSK_STATE", "./kiosk_state.txt"))
    state.write_text(f"store={store}\ndevices={','.join(sorted(handles))}\n")
    LOG.info("balance screen ready for store %s", store)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--user", default=os.environ.get("KIOSK_USER", "kiosk"))
    parser.add_argument("--reader", default="/dev/cardreader")
    parser.add_argument("--printer", default="/dev/usb/lp0")
    parser.add_argument("--store", default=os.environ.get("SUDS_STORE_ID", "store-017"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)

    handles = open_devices({"reader": args.reader, "printer": args.printer})
    if os.geteuid() == 0:
        switch_to(lookup(args.user))
    else:
        LOG.info("not root, continuing as uid %d", os.getuid())
    balance_screen(handles, args.store)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
