"""Writes a settings file atomically (a temporary file in the same directory
through its descriptor, then a rename), reads the Run key only to report
whether the app starts at logon, and prints a framed status line. Written
for the eleventh round as the benign neighbour of descriptor writes, Run
keys and bytes built from numbers."""
import argparse
import json
import os
import sys
import tempfile

try:
    import winreg
except ImportError:  # not on Windows
    winreg = None

FRAME = bytes([0x1B, 0x5B, 0x31, 0x6D])  # bold on
RESET = bytes([0x1B, 0x5B, 0x30, 0x6D])


def save_settings(path, settings):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(settings, f, indent=2)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def starts_at_logon(name):
    if winreg is None:
        return False
    try:
        with winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Microsoft\Windows\CurrentVersion\Run") as k:
            winreg.QueryValueEx(k, name)
            return True
    except OSError:
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("settings", nargs="?", default="settings.json")
    ap.add_argument("--theme", default="light")
    args = ap.parse_args()
    settings = {"theme": args.theme, "autostart": starts_at_logon("ExampleApp")}
    save_settings(args.settings, settings)
    os.write(sys.stdout.fileno(), FRAME + b"saved" + RESET + b"\n")


if __name__ == "__main__":
    main()
