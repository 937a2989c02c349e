#!/usr/bin/env python3
"""Tiny local password helper on top of the system keyring.

Stores generated or typed passwords in the desktop keyring (Secret Service /
KWallet via the `keyring` package), copies them to the clipboard on request
and clears the clipboard again after a timeout. Nothing is sent anywhere."""

import argparse
import getpass
import logging
import secrets
import string
import sys
import threading
import time

import keyring
import keyring.errors
import pyperclip

SERVICE_PREFIX = "pwhelper"
log = logging.getLogger("pwhelper")


def service_name(site: str) -> str:
    return f"{SERVICE_PREFIX}:{site.strip().lower()}"


def generate_password(length: int = 20, symbols: bool = True) -> str:
    alphabet = string.ascii_letters + string.digits
    if symbols:
        alphabet += "!#$%&()*+,-./:;<=>?@[]^_{}~"
    while True:
        pw = "".join(secrets.choice(alphabet) for _ in range(length))
        if (any(c.islower() for c in pw) and any(c.isupper() for c in pw)
                and any(c.isdigit() for c in pw)):
            return pw


class ClipboardGuard:
    """Put a secret on the clipboard and wipe it after `ttl` seconds,
    unless the user has copied something else in the meantime."""

    def __init__(self, ttl: float):
        self.ttl = ttl

    def copy(self, secret: str) -> None:
        previous = ""
        try:
            previous = pyperclip.paste()
        except pyperclip.PyperclipException:
            pass
        pyperclip.copy(secret)
        log.info("copied to clipboard; clearing in %.0fs", self.ttl)
        t = threading.Timer(self.ttl, self._clear, args=(secret, previous))
        t.start()
        t.join()

    @staticmethod
    def _clear(secret: str, previous: str) -> None:
        try:
            if pyperclip.paste() == secret:
                pyperclip.copy(previous)
                log.info("clipboard restored")
        except pyperclip.PyperclipException as exc:
            log.warning("could not clear clipboard: %s", exc)


def cmd_add(args) -> int:
    if args.generate:
        pw = generate_password(args.length, not args.no_symbols)
    else:
        pw = getpass.getpass(f"Password for {args.user}@{args.site}: ")
        if pw != getpass.getpass("Again: "):
            log.error("passwords do not match")
            return 1
    keyring.set_password(service_name(args.site), args.user, pw)
    log.info("stored %s@%s", args.user, args.site)
    if args.copy:
        ClipboardGuard(args.ttl).copy(pw)
    return 0


def cmd_get(args) -> int:
    pw = keyring.get_password(service_name(args.site), args.user)
    if pw is None:
        log.error("nothing stored for %s@%s", args.user, args.site)
        return 1
    if args.show:
        print(pw)
    else:
        ClipboardGuard(args.ttl).copy(pw)
    return 0


def cmd_rm(args) -> int:
    try:
        keyring.delete_password(service_name(args.site), args.user)
    except keyring.errors.PasswordDeleteError:
        log.error("nothing stored for %s@%s", args.user, args.site)
        return 1
    log.info("removed %s@%s", args.user, args.site)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ttl", type=float, default=20.0, help="clipboard lifetime")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("site")
    a.add_argument("user")
    a.add_argument("-g", "--generate", action="store_true")
    a.add_argument("-l", "--length", type=int, default=20)
    a.add_argument("--no-symbols", action="store_true")
    a.add_argument("-c", "--copy", action="store_true")
    a.set_defaults(func=cmd_add)

    g = sub.add_parser("get")
    g.add_argument("site")
    g.add_argument("user")
    g.add_argument("--show", action="store_true", help="print instead of copying")
    g.set_defaults(func=cmd_get)

    r = sub.add_parser("rm")
    r.add_argument("site")
    r.add_argument("user")
    r.set_defaults(func=cmd_rm)

    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    log.debug("keyring backend: %s", keyring.get_keyring())
    started = time.monotonic()
    try:
        return args.func(args)
    except keyring.errors.KeyringError as exc:
        log.error("keyring error: %s", exc)
        return 2
    finally:
        log.debug("done in %.2fs", time.monotonic() - started)


if __name__ == "__main__":
    sys.exit(main())
