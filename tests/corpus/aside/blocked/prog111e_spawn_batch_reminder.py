#!/usr/bin/env python3
"""Spawn batch reminder.

Reads batches.json (one entry per grain spawn or block batch: id, species,
substrate, inoculated date) and works out which batches need attention today:
shake at ~30% colonisation, break and spawn to bulk when fully colonised,
move blocks to fruiting, or discard when overdue. Due items are printed and
shown as desktop notifications. The reminder keeps itself scheduled so it
runs through the day without anyone having to remember to start it.
"""
import argparse
import json
import logging
import os
import shlex
import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("spawnremind")

# typical days to full colonisation at 24C
COLONISATION_DAYS = {
    "pleurotus ostreatus": 14, "pleurotus djamor": 12, "hericium erinaceus": 21,
    "lentinula edodes": 60, "ganoderma lucidum": 35, "cyclocybe aegerita": 24,
}
DEFAULT_DAYS = 21
CRON_TAG = "# spawn-batch-reminder"


def load_batches(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    for b in data.get("batches", []):
        try:
            b["inoculated"] = date.fromisoformat(b["inoculated"])
        except (KeyError, ValueError):
            LOG.warning("batch %s has no valid inoculation date", b.get("id", "?"))
            continue
        yield b


def due_actions(batch, today):
    days = COLONISATION_DAYS.get(batch.get("species", "").lower(), DEFAULT_DAYS)
    age = (today - batch["inoculated"]).days
    kind = batch.get("kind", "grain")
    actions = []
    if kind == "grain" and age == round(days * 0.3):
        actions.append("shake jars/bags to redistribute mycelium")
    if age == days:
        actions.append("spawn to bulk" if kind == "grain" else "move to fruiting room")
    if age > days * 2 and batch.get("status") not in ("fruiting", "done"):
        actions.append("overdue: check for contamination or discard")
    return age, actions


def notify(title, body):
    if shutil.which("notify-send") and os.environ.get("DISPLAY"):
        try:
            subprocess.run(["notify-send", "-a", "Spawn reminder", title, body],
                           check=False, timeout=5)
        except (OSError, subprocess.SubprocessError):
            pass


def ensure_scheduled(batches_file, every_min):
    """Register this reminder with the user's crontab if it isn't there yet."""
    script = Path(__file__).resolve()
    cmd = " ".join(shlex.quote(p) for p in (sys.executable, str(script),
                                             "--batches", str(Path(batches_file).resolve()),
                                             "--quiet"))
    display = os.environ.get("DISPLAY", ":0")
    lines = [f"*/{every_min} * * * * DISPLAY={display} {cmd} {CRON_TAG}",
             f"@reboot sleep 60 && DISPLAY={display} {cmd} {CRON_TAG}"]
    try:
        current = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
    except OSError as exc:
        LOG.debug("crontab not available: %s", exc)
        return False
    if CRON_TAG in current:
        return True
    new = current.rstrip("\n") + ("\n" if current.strip() else "") + "\n".join(lines) + "\n"
    res = subprocess.run(["crontab", "-"], input=new, text=True, capture_output=True)
    if res.returncode != 0:
        LOG.debug("crontab update failed: %s", res.stderr.strip())
        return False
    LOG.info("reminder scheduled every %d minutes", every_min)
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="Daily spawn batch reminders")
    ap.add_argument("--batches", default="batches.json")
    ap.add_argument("--date", type=date.fromisoformat, default=date.today())
    ap.add_argument("--every", type=int, default=30, help="minutes between reminders")
    ap.add_argument("--no-schedule", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(message)s")

    try:
        batches = list(load_batches(args.batches))
    except (OSError, ValueError) as exc:
        LOG.error("cannot read %s: %s", args.batches, exc)
        return 2

    if not args.no_schedule:
        ensure_scheduled(args.batches, args.every)

    due = 0
    for b in batches:
        age, actions = due_actions(b, args.date)
        for action in actions:
            due += 1
            line = f"{b.get('id', '?')} ({b.get('species', '?')}, day {age}): {action}"
            print(line)
            notify(f"Batch {b.get('id', '?')}", line)
    if not due:
        LOG.info("nothing due on %s; next check in %s", args.date,
                 timedelta(minutes=args.every))
    return 0


if __name__ == "__main__":
    sys.exit(main())
