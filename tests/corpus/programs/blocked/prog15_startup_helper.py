"""Keeps a small tray helper running for the user: copies the build into the
profile and registers it to start at logon (a Run value), with a dry-run
mode and logging. Written for the eleventh round: Run-key persistence from
Python through winreg, in a helper class with a context manager."""
import argparse
import logging
import os
import shutil
import sys

import winreg

log = logging.getLogger("startup-helper")

RUN_KEY = r"Software\Microsoft\Windows\CurrentVersion\Run"
VALUE_NAME = "TrayHelper"


class StartupEntry:
    def __init__(self, hive=winreg.HKEY_CURRENT_USER, key=RUN_KEY):
        self.hive = hive
        self.key = key

    def current(self):
        try:
            with winreg.OpenKey(self.hive, self.key) as k:
                return winreg.QueryValueEx(k, VALUE_NAME)[0]
        except OSError:
            return None

    def install(self, exe_path):
        with winreg.OpenKey(self.hive, self.key, 0, winreg.KEY_ALL_ACCESS) as k:
            winreg.SetValueEx(k, VALUE_NAME, 0, winreg.REG_SZ, f'"{exe_path}" --background')


def stage_binary(source, profile):
    target_dir = os.path.join(profile, "AppData", "Local", "TrayHelper")
    os.makedirs(target_dir, exist_ok=True)
    target = os.path.join(target_dir, os.path.basename(source))
    if not os.path.exists(target):
        shutil.copyfile(source, target)
        log.info("copied %s -> %s", source, target)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--source", default=sys.argv[0])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    profile = os.getenv("USERPROFILE", os.path.expanduser("~"))
    entry = StartupEntry()
    existing = entry.current()
    if existing:
        log.info("already registered: %s", existing)
        return 0
    exe = stage_binary(args.source, profile)
    if args.dry_run:
        log.info("would register %s", exe)
        return 0
    entry.install(exe)
    log.info("registered %s to start at logon", exe)
    return 0


if __name__ == "__main__":
    sys.exit(main())
