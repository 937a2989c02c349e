#!/usr/bin/env python3
"""Startup audit: list everything that starts automatically on this computer.

Read-only.  Collects Run-key values and scheduled tasks on Windows, launch
agents/daemons on macOS and autostart entries plus the user crontab on Linux,
then prints a table or writes a JSON report.  Nothing is added, changed or
removed.
"""
import argparse
import csv
import io
import json
import logging
import os
import plistlib
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("startup-audit")


def windows_entries():
    import winreg
    entries = []
    run_path = r"Software\Microsoft\Windows\CurrentVersion\Run"
    for hive, hive_name in ((winreg.HKEY_CURRENT_USER, "HKCU"),
                            (winreg.HKEY_LOCAL_MACHINE, "HKLM")):
        try:
            with winreg.OpenKey(hive, run_path) as key:
                i = 0
                while True:
                    try:
                        name, value, _ = winreg.EnumValue(key, i)
                    except OSError:
                        break
                    entries.append({"source": f"{hive_name}\\...\\Run", "name": name,
                                    "command": value})
                    i += 1
        except OSError:
            continue
    startup = Path(os.environ["APPDATA"]) / "Microsoft/Windows/Start Menu/Programs/Startup"
    for item in startup.glob("*"):
        entries.append({"source": "Startup folder", "name": item.name, "command": str(item)})
    out = subprocess.run(["schtasks", "/query", "/fo", "csv", "/nh"],
                         capture_output=True, text=True).stdout
    for row in csv.reader(io.StringIO(out)):
        if len(row) >= 3 and not row[0].startswith("\\Microsoft\\"):
            entries.append({"source": "Task Scheduler", "name": row[0],
                            "command": f"next run: {row[1]} ({row[2]})"})
    return entries


def macos_entries():
    entries = []
    folders = [Path.home() / "Library/LaunchAgents", Path("/Library/LaunchAgents"),
               Path("/Library/LaunchDaemons")]
    for folder in folders:
        for plist in sorted(folder.glob("*.plist")):
            try:
                with plist.open("rb") as fh:
                    data = plistlib.load(fh)
            except (OSError, plistlib.InvalidFileException):
                continue
            prog = data.get("Program") or " ".join(data.get("ProgramArguments", []))
            entries.append({"source": str(folder), "name": data.get("Label", plist.stem),
                            "command": prog})
    loaded = subprocess.run(["launchctl", "list"], capture_output=True, text=True).stdout
    labels = {line.split("\t")[-1] for line in loaded.splitlines()[1:]}
    for e in entries:
        e["loaded"] = e["name"] in labels
    return entries


def linux_entries():
    entries = []
    cfg = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    for folder in (cfg / "autostart", Path("/etc/xdg/autostart")):
        for desktop in sorted(folder.glob("*.desktop")):
            fields = {}
            for line in desktop.read_text(errors="replace").splitlines():
                if "=" in line and not line.startswith("#"):
                    k, v = line.split("=", 1)
                    fields.setdefault(k.strip(), v.strip())
            entries.append({"source": str(folder), "name": fields.get("Name", desktop.stem),
                            "command": fields.get("Exec", ""),
                            "hidden": fields.get("Hidden", "false") == "true"})
    cron = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    for line in cron.stdout.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            entries.append({"source": "user crontab", "name": line.split()[0],
                            "command": line})
    return entries


def collect():
    if sys.platform == "win32":
        return windows_entries()
    if sys.platform == "darwin":
        return macos_entries()
    return linux_entries()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", metavar="FILE", help="write a JSON report to FILE")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    entries = collect()
    if args.json:
        Path(args.json).write_text(json.dumps(entries, indent=2), encoding="utf-8")
        log.info("wrote %d entries to %s", len(entries), args.json)
        return 0
    for e in entries:
        print(f"[{e['source']}] {e['name']}\n    {e['command']}")
    log.info("\n%d startup entries found", len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
