#!/usr/bin/env python3
"""Turn the club's field laptop into a gateway for the launch-site Wi-Fi.

The laptop's phone-tether uplink is shared with the range tablets on the
hotspot interface. 'up' adds forwarding and NAT rules, 'down' removes
exactly the rules that 'up' added.
"""
import argparse
import importlib
import logging
import sys
from dataclasses import dataclass

log = logging.getLogger("field-hotspot")


@dataclass
class Links:
    uplink: str
    hotspot: str


class Gateway:
    prefix = ["su" + "do"]
    filt = "ip" + "tables"
    knob = "sys" + "ctl"

    def __init__(self, links: Links, dry_run: bool):
        self.links = links
        self.dry_run = dry_run
        self._proc = importlib.import_module("sub" + "process")

    def _do(self, *argv) -> bool:
        cmd = self.prefix + list(argv)
        log.info("%s", " ".join(cmd))
        if self.dry_run:
            return True
        return self._proc.run(cmd, check=False).returncode == 0

    def _rules(self, op: str):
        up, hs = self.links.uplink, self.links.hotspot
        return [
            (self.filt, "-t", "nat", op, "POSTROUTING", "-o", up, "-j", "MASQUERADE"),
            (self.filt, op, "FORWARD", "-i", hs, "-o", up, "-j", "ACCEPT"),
            (self.filt, op, "FORWARD", "-i", up, "-o", hs, "-m", "state",
             "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT"),
        ]

    def up(self) -> bool:
        ok = self._do(self.knob, "-w", "net.ipv4.ip_forward=1")
        for rule in self._rules("-A"):
            ok = self._do(*rule) and ok
        return ok

    def down(self) -> bool:
        ok = True
        for rule in self._rules("-D"):
            ok = self._do(*rule) and ok
        ok = self._do(self.knob, "-w", "net.ipv4.ip_forward=0") and ok
        return ok

    def show(self) -> bool:
        return self._do(self.filt, "-t", "nat", "-L", "POSTROUTING", "-n", "-v")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["up", "down", "show"])
    ap.add_argument("--uplink", default="usb0", help="phone tether interface")
    ap.add_argument("--hotspot", default="wlan0", help="hotspot interface")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.uplink == args.hotspot:
        log.error("uplink and hotspot must differ")
        return 2
    gw = Gateway(Links(args.uplink, args.hotspot), args.dry_run)
    action = getattr(gw, args.action)
    try:
        ok = action()
    except FileNotFoundError as exc:
        log.error("missing tool: %s", exc)
        return 1
    log.info("%s %s", args.action, "done" if ok else "finished with errors")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
