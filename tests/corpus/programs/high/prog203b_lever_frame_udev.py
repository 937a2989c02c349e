#!/usr/bin/env python3
"""Set up the USB interface for the restored lever frame.

The frame's lever position sensors appear as a USB serial adapter. This
gives the device a stable name and lets the demonstrator account use it.
"""
import argparse
import getpass
import importlib
import logging
import sys
from dataclasses import dataclass

log = logging.getLogger("leverframe.setup")

_proc = importlib.import_module("subprocess")


@dataclass
class Adapter:
    vendor: str = "0403"
    product: str = "6001"
    link: str = "leverframe"
    group: str = "dialout"
    mode: str = "0660"

    def rule(self) -> str:
        return (
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{self.vendor}", '
            f'ATTRS{{idProduct}}=="{self.product}", SYMLINK+="{self.link}", '
            f'GROUP="{self.group}", MODE="{self.mode}"\n'
        )


RULE_PATH = "/".join(["", "etc", "udev", "rules.d", "72-lever-frame.rules"])


def elevated(*cmd, stdin=None):
    prefix = ["su" + "do", "-n"]
    log.debug("running %s", " ".join(cmd))
    return _proc.run(prefix + list(cmd), input=stdin, text=True,
                     capture_output=True, check=True)


def install_rule(adapter: Adapter, dry: bool) -> None:
    text = adapter.rule()
    if dry:
        print(f"would write {RULE_PATH}:\n{text}")
        return
    elevated("tee", RULE_PATH, stdin=text)
    elevated("chmod", "0644", RULE_PATH)
    log.info("rule written to %s", RULE_PATH)


def reload_rules(adapter: Adapter, dry: bool) -> None:
    steps = [("control", "--reload-rules"), ("trigger", "--subsystem-match=tty")]
    for step in steps:
        if dry:
            print("would run udevadm", *step)
            continue
        elevated("udev" + "adm", *step)


def grant_user(adapter: Adapter, dry: bool, user: str) -> None:
    if dry:
        print(f"would add {user} to {adapter.group}")
        return
    elevated("user" + "mod", "-aG", adapter.group, user)
    log.info("%s added to %s (log out and back in)", user, adapter.group)


ACTIONS = {"rule": install_rule, "reload": reload_rules}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="Lever frame USB setup")
    p.add_argument("--vendor", default=Adapter.vendor)
    p.add_argument("--product", default=Adapter.product)
    p.add_argument("--user", default=getpass.getuser())
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    adapter = Adapter(vendor=args.vendor, product=args.product)
    try:
        for name, action in ACTIONS.items():
            action(adapter, args.dry_run)
        grant_user(adapter, args.dry_run, args.user)
    except _proc.CalledProcessError as exc:
        log.error("step failed (%s): %s", exc.cmd, exc.stderr.strip())
        return 1
    log.info("lever frame will appear as /dev/%s", adapter.link)
    return 0


if __name__ == "__main__":
    sys.exit(main())
