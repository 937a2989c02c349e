#!/usr/bin/env python3
"""Configure the receipt printer used by the pottery stall till.

Sets the per-user CUPS options the till expects on the 58 mm / 80 mm thermal
printer queue (paper width, cut mode, density) and prints a test receipt with
the studio header so the volunteer can check alignment before the market.

    ./till_printer_config.py --queue stall-receipt --width 80 --test
"""
import argparse
import logging
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from datetime import datetime

log = logging.getLogger("till-printer")

PAPER = {58: "X58MMY210MM", 80: "X80MMY297MM"}


@dataclass
class PrinterProfile:
    queue: str
    width_mm: int = 80
    density: int = 3
    cut: str = "PartialCut"
    header: list = field(default_factory=lambda: [
        "HIGHFIELD CLAY STUDIO", "handmade stoneware & porcelain", "www.highfieldclay.example.org"])

    @property
    def columns(self):
        return 32 if self.width_mm == 58 else 48

    def cups_options(self):
        return {
            "media": PAPER.get(self.width_mm, PAPER[80]),
            "TmxPaperCut": self.cut,
            "TmxPrintingSpeed": "Auto",
            "TmxPrintDensity": str(self.density),
        }


class Cups:
    """Thin wrapper around the CUPS command line tools."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        for tool in ("lpstat", "lpoptions", "lp"):
            if shutil.which(tool) is None:
                raise RuntimeError("%s not found - install cups-client" % tool)

    def _run(self, args, data=None):
        log.debug("running %s", " ".join(args))
        if self.dry_run and args[0] != "lpstat":
            return ""
        proc = subprocess.run(args, input=data, capture_output=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError("%s failed: %s" % (args[0], proc.stderr.decode(errors="replace").strip()))
        return proc.stdout.decode(errors="replace")

    def queue_exists(self, queue):
        try:
            out = self._run(["lpstat", "-p", queue])
        except RuntimeError:
            return False
        return queue in out

    def set_options(self, queue, options):
        args = ["lpoptions", "-p", queue]
        for k, v in options.items():
            args += ["-o", "%s=%s" % (k, v)]
        self._run(args)

    def print_text(self, queue, text, title="till-test"):
        return self._run(["lp", "-d", queue, "-t", title, "-o", "raw"], data=text.encode("cp437", "replace"))


def test_receipt(profile):
    cols = profile.columns
    lines = [h.center(cols) for h in profile.header]
    lines.append("-" * cols)
    items = [("Tenmoku mug", 1, 24.00), ("Celadon bud vase", 2, 18.50), ("Gift wrap", 1, 1.00)]
    total = 0.0
    for name, qty, price in items:
        amount = qty * price
        total += amount
        left = "%dx %s" % (qty, name)
        lines.append(left[: cols - 10].ljust(cols - 10) + ("%10.2f" % amount))
    lines.append("-" * cols)
    lines.append("TOTAL".ljust(cols - 10) + "%10.2f" % total)
    lines.append("")
    lines += textwrap.wrap("Test print %s - if this text is cut off, "
                           "change --width." % datetime.now().strftime("%d/%m %H:%M"), cols)
    return "\n".join(lines) + "\n\n\n\x1dV\x01"


def main(argv=None):
    ap = argparse.ArgumentParser(description="Configure the till receipt printer")
    ap.add_argument("--queue", default="stall-receipt")
    ap.add_argument("--width", type=int, choices=(58, 80), default=80)
    ap.add_argument("--density", type=int, default=3)
    ap.add_argument("--test", action="store_true", help="print a test receipt")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    profile = PrinterProfile(args.queue, args.width, args.density)
    try:
        cups = Cups(dry_run=args.dry_run)
        if not cups.queue_exists(profile.queue):
            log.error("printer queue %s does not exist - ask whoever set up the "
                      "laptop to add it in the CUPS web page", profile.queue)
            return 1
        cups.set_options(profile.queue, profile.cups_options())
        log.info("options set on %s for %d mm paper", profile.queue, profile.width_mm)
        if args.test:
            out = cups.print_text(profile.queue, test_receipt(profile))
            log.info("test receipt sent %s", out.strip())
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
