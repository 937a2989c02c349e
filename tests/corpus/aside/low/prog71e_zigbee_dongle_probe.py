#!/usr/bin/env python3
"""zigbee_dongle_probe - find the Zigbee coordinator and draft a udev rule.

Finds a known Zigbee USB coordinator, prints what was found and writes a
udev rule that would give it a stable /dev/zigbee name into the current
directory, ready to be reviewed and installed by whoever administers the box.
"""
import argparse
import json
import logging
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

log = logging.getLogger("zigbee_probe")

KNOWN_DONGLES = {
    ("10c4", "ea60"): "Silicon Labs CP210x (Sonoff ZBDongle-P / SkyConnect)",
    ("1a86", "55d4"): "WCH CH9102 (Sonoff ZBDongle-E)",
    ("1cf1", "0030"): "dresden elektronik ConBee II",
    ("0451", "16a8"): "TI CC2531",
}
RULE_NAME = "99-zigbee-coordinator.rules"
SYMLINK = "zigbee"


@dataclass
class Dongle:
    tty: str
    vendor: str
    product: str
    serial: str
    label: str

    @property
    def devnode(self):
        return Path("/dev") / self.tty


def _read(p):
    try:
        return p.read_text().strip()
    except OSError:
        return ""


def find_dongles():
    for tty in sorted(Path("/sys/class/tty").glob("tty[AU][CS]*")):
        dev = (tty / "device").resolve()
        # walk up to the usb_device node that carries idVendor/idProduct
        node = dev
        while node != node.parent and not (node / "idVendor").exists():
            node = node.parent
        vid, pid = _read(node / "idVendor"), _read(node / "idProduct")
        if (vid, pid) in KNOWN_DONGLES:
            yield Dongle(tty.name, vid, pid, _read(node / "serial"), KNOWN_DONGLES[(vid, pid)])


def by_id_links():
    """Map /dev/ttyXXX -> stable /dev/serial/by-id names, if udev made any."""
    links = {}
    base = Path("/dev/serial/by-id")
    if base.is_dir():
        for link in base.iterdir():
            links.setdefault(link.resolve().name, []).append(str(link))
    return links


def render_rule(d, group, mode):
    match = f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{d.vendor}", ATTRS{{idProduct}}=="{d.product}"'
    if d.serial:
        match += f', ATTRS{{serial}}=="{d.serial}"'
    return (
        f"# {d.label}\n"
        f'{match}, SYMLINK+="{SYMLINK}", GROUP="{group}", MODE="{mode}"\n'
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--mode", default="0660", help="octal mode to put in the rule")
    ap.add_argument("--out", type=Path, default=Path(RULE_NAME))
    ap.add_argument("--json", action="store_true", help="print findings as JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    dongles = list(find_dongles())
    if not dongles:
        log.error("no known Zigbee coordinator found; is it plugged in?")
        return 1
    links = by_id_links()

    if args.json:
        print(json.dumps([dict(asdict(d), by_id=links.get(d.tty, [])) for d in dongles], indent=2))
    else:
        for d in dongles:
            print(f"{d.devnode}: {d.label} [{d.vendor}:{d.product}] serial={d.serial or 'n/a'}")
            for link in links.get(d.tty, []):
                print(f"    {link}")

    if len(dongles) > 1:
        log.warning("several coordinators found, drafting rule for %s", dongles[0].tty)
    d = dongles[0]
    args.out.write_text(render_rule(d, args.group, args.mode))
    log.info("wrote %s", args.out)
    stable = links.get(d.tty, [f"/dev/{SYMLINK}"])[0]
    print(f"suggested zigbee2mqtt setting: serial: port: {stable}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
