#!/usr/bin/env python3
"""Set up the jar label printer queue on a packing-room PC.

Finds the Zebra / TSC label printer (USB or network), creates a raw CUPS
queue for it so the label software can print ZPL straight through, sets the
label stock size and makes it the default queue for the packing account.

    prog94a_label_printer_cups_setup.py --queue HoneyJars --media 60x40
"""
import argparse
import logging
import re
import shlex
import shutil
import subprocess
import sys

log = logging.getLogger("label-setup")

VENDOR_HINTS = ("zebra", "tsc", "godex", "brother ql")
MEDIA_SIZES = {
    "60x40": "Custom.60x40mm",
    "50x30": "Custom.50x30mm",
    "100x50": "Custom.100x50mm",
}


class Elevated:
    """Runs admin commands through whichever elevation tool the box has."""

    candidates = ("sudo", "doas")

    def __init__(self):
        self.prefix = []
        for tool in self.candidates:
            path = shutil.which(tool)
            if path:
                self.prefix = [path]
                if tool == "sudo" and not sys.stdin.isatty():
                    self.prefix.append("-n")
                break
        if not self.prefix:
            raise SystemExit("need sudo or doas to configure CUPS")

    def __call__(self, *argv, check=True):
        cmd = self.prefix + list(argv)
        log.debug("+ %s", shlex.join(cmd))
        return subprocess.run(cmd, check=check, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def list_device_uris():
    out = subprocess.run(["lpinfo", "-v"], text=True, capture_output=True, check=False)
    if out.returncode != 0:
        log.warning("lpinfo failed: %s", out.stderr.strip())
        return []
    uris = []
    for line in out.stdout.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2:
            uris.append(parts[1].strip())
    return uris


def pick_printer(uris, explicit=None):
    if explicit:
        return explicit
    for uri in uris:
        if any(h.replace(" ", "%20") in uri.lower() or h in uri.lower() for h in VENDOR_HINTS):
            return uri
    return None


def queue_exists(name):
    out = subprocess.run(["lpstat", "-p", name], capture_output=True, text=True)
    return out.returncode == 0


def configure(admin, queue, uri, media, location):
    if queue_exists(queue):
        log.info("queue %s exists, updating", queue)
    admin("lpadmin", "-p", queue, "-E", "-v", uri, "-m", "raw",
          "-L", location, "-D", "Honey jar labels")
    admin("lpadmin", "-p", queue, "-o", f"media={MEDIA_SIZES[media]}",
          "-o", "printer-error-policy=retry-job")
    admin("cupsenable", queue)
    admin("cupsaccept", queue)
    admin("lpadmin", "-d", queue)


def test_print(queue):
    zpl = "^XA^CF0,40^FO30,30^FDLabel test - HoneyJars^FS^XZ"
    proc = subprocess.run(["lp", "-d", queue, "-o", "raw"], input=zpl, text=True,
                          capture_output=True)
    if proc.returncode:
        log.error("test print failed: %s", proc.stderr.strip())
    else:
        log.info("test label sent: %s", proc.stdout.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queue", default="HoneyJars")
    ap.add_argument("--uri", help="device URI, e.g. socket://192.168.10.40:9100")
    ap.add_argument("--media", choices=sorted(MEDIA_SIZES), default="60x40")
    ap.add_argument("--location", default="Packing room")
    ap.add_argument("--no-test", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not re.fullmatch(r"[A-Za-z0-9_-]+", args.queue):
        log.error("queue name may only contain letters, digits, - and _")
        return 2

    uri = pick_printer(list_device_uris(), args.uri)
    if not uri:
        log.error("no label printer found; pass --uri")
        return 1
    log.info("using %s", uri)

    admin = Elevated()
    try:
        configure(admin, args.queue, uri, args.media, args.location)
    except subprocess.CalledProcessError as exc:
        log.error("%s failed:\n%s", exc.cmd, exc.stdout)
        return 1

    if not args.no_test:
        test_print(args.queue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
