#!/usr/bin/env python3
"""Set up Quillnotes background sync for the current desktop user.

Writes a small sync helper to ~/.local/share/quillnotes/ and a .desktop
entry to ~/.config/autostart/ so the helper starts hidden at every
graphical login and keeps the notes folder in sync with the project's
share.
"""
import argparse
import configparser
import os
import sys
from pathlib import Path
from string import Template

HOME = Path.home()
DATA_DIR = HOME / ".local" / "share" / "quillnotes"
AUTOSTART_DIR = Path(os.environ.get("XDG_CONFIG_HOME", HOME / ".config")) / "autostart"

HELPER_TEMPLATE = Template("""\
#!/bin/sh
# Quillnotes background sync helper (generated)
NOTES="$notes_dir"
TARGET="$target"
while true; do
    rsync -a --delete "$$NOTES/" "$$TARGET/" >/dev/null 2>&1
    sleep $interval
done
""")

DESKTOP_TEMPLATE = Template("""\
[Desktop Entry]
Type=Application
Name=$name Sync
Comment=Keep notes in sync in the background
Exec=/bin/sh $helper
Terminal=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=20
""")


def check_desktop_syntax(text: str) -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(text)
    if not parser["Desktop Entry"].get("Exec"):
        raise ValueError("missing Exec")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--name", default="Quillnotes")
    ap.add_argument("--notes-dir", default=str(HOME / "Notes"))
    ap.add_argument("--target", default=str(HOME / "Shared" / "Notes"))
    ap.add_argument("--interval", type=int, default=120)
    opts = ap.parse_args(argv)

    DATA_DIR.mkdir(parents=True, exist_ok=True)
    helper = DATA_DIR / "sync.sh"
    helper.write_text(HELPER_TEMPLATE.substitute(
        notes_dir=opts.notes_dir,
        target=opts.target,
        interval=opts.interval,
    ), encoding="utf-8")
    helper.chmod(0o700)

    desktop = DESKTOP_TEMPLATE.substitute(name=opts.name, helper=str(helper))
    try:
        check_desktop_syntax(desktop)
    except (ValueError, configparser.Error) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    AUTOSTART_DIR.mkdir(parents=True, exist_ok=True)
    entry = AUTOSTART_DIR / "quillnotes-sync.desktop"
    entry.write_text(desktop, encoding="utf-8")

    print(f"wrote {helper}")
    print(f"wrote {entry}")
    print("sync will start automatically at your next login")
    return 0


if __name__ == "__main__":
    sys.exit(main())
