#!/usr/bin/env python3
"""Configure CUPS defaults for the dispensary label printer.

New branch PCs come up with the wrong media size for the 76x51mm labels;
this writes the system-wide lpoptions and restarts CUPS.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("label-printer")

CUPS_DIR = Path("/etc/cups")
SYSTEM_OPTIONS = CUPS_DIR / "lpoptions"

PRINTER_PROFILES = {
    "zebra-gk420": {
        "media": "Custom.76x51mm",
        "Darkness": "18",
        "zePrintRate": "3",
        "orientation-requested": "3",
    },
    "dymo-450": {
        "media": "w167h288",
        "DymoPrintQuality": "Graphics",
    },
}


def render_options(queue, profile):
    opts = " ".join(f"{k}={v}" for k, v in PRINTER_PROFILES[profile].items())
    return f"Default {queue} {opts}\n"


def current_options():
    if SYSTEM_OPTIONS.exists():
        return SYSTEM_OPTIONS.read_text()
    return ""


def merge(existing, new_line, queue):
    kept = [
        line for line in existing.splitlines(keepends=True)
        if not line.split()[1:2] == [queue]
    ]
    return "".join(kept) + new_line


def install_file(content, destination):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".lpoptions") as tmp:
        tmp.write(content)
        staged = tmp.name
    if destination.exists():
        backup = Path(f"./{destination.name}.bak")
        shutil.copy2(destination, backup)
        LOG.info("previous %s saved to %s", destination, backup)
    cmd = ["sudo", "install", "-m", "0644", "-o", "root", "-g", "lp", staged, str(destination)]
    subprocess.run(cmd, check=True)
    Path(staged).unlink(missing_ok=True)


def restart_cups():
    subprocess.run(["sudo", "systemctl", "restart", "cups"], check=True)
    status = subprocess.run(
        ["systemctl", "is-active", "cups"], capture_output=True, text=True
    )
    return status.stdout.strip() == "active"


def queue_exists(queue):
    result = subprocess.run(["lpstat", "-p", queue], capture_output=True, text=True)
    return result.returncode == 0


def main():
    parser = argparse.ArgumentParser(description="Set label printer defaults")
    parser.add_argument("queue", help="CUPS queue name, e.g. LABELS")
    parser.add_argument("--profile", choices=sorted(PRINTER_PROFILES), default="zebra-gk420")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not queue_exists(args.queue):
        LOG.error("queue %s is not defined in CUPS", args.queue)
        return 1

    new_line = render_options(args.queue, args.profile)
    content = merge(current_options(), new_line, args.queue)
    if args.dry_run:
        sys.stdout.write(content)
        return 0

    install_file(content, SYSTEM_OPTIONS)
    if restart_cups():
        LOG.info("CUPS restarted with %s defaults for %s", args.profile, args.queue)
        return 0
    LOG.error("CUPS did not come back up, check journalctl -u cups")
    return 2


if __name__ == "__main__":
    sys.exit(main())
