#!/usr/bin/env python3
"""Generate a freedesktop .desktop entry for the packaged application.

The entry is written into the staging tree under ./dist so that the
packaging step (deb/rpm/flatpak manifests) can pick it up. Nothing is
installed on the current machine.
"""
import argparse
import configparser
import logging
import os
import sys
from pathlib import Path

log = logging.getLogger("desktop-entry")

DEFAULTS = {
    "Type": "Application",
    "Version": "1.5",
    "Terminal": "false",
    "StartupNotify": "true",
}

REQUIRED = ("Name", "Exec", "Icon")


class DesktopEntry:
    def __init__(self, app_id: str, fields: dict):
        self.app_id = app_id
        self.fields = dict(DEFAULTS)
        self.fields.update(fields)

    def validate(self) -> list:
        problems = [k for k in REQUIRED if not self.fields.get(k)]
        cats = self.fields.get("Categories", "")
        if cats and not cats.endswith(";"):
            self.fields["Categories"] = cats + ";"
        return problems

    def render(self, target: Path) -> Path:
        parser = configparser.ConfigParser(interpolation=None)
        parser.optionxform = str  # keys in .desktop files are case-sensitive
        parser["Desktop Entry"] = self.fields
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(".desktop.part")
        with tmp.open("w", encoding="utf-8") as fh:
            parser.write(fh, space_around_delimiters=False)
        os.replace(tmp, target)
        os.chmod(target, 0o644)
        return target


def load_overrides(path: Path) -> dict:
    if not path.is_file():
        return {}
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str
    cp.read(path, encoding="utf-8")
    return dict(cp["entry"]) if cp.has_section("entry") else {}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--app-id", default="org.example.Notes")
    ap.add_argument("--name", default="Notes")
    ap.add_argument("--exec", dest="exec_", default="notes %U")
    ap.add_argument("--icon", default="org.example.Notes")
    ap.add_argument("--categories", default="Office;TextEditor")
    ap.add_argument("--overrides", type=Path, default=Path("packaging/desktop.ini"))
    ap.add_argument("--stage", type=Path, default=Path("dist/share/applications"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    fields = {"Name": args.name, "Exec": args.exec_, "Icon": args.icon,
              "Categories": args.categories}
    fields.update(load_overrides(args.overrides))
    entry = DesktopEntry(args.app_id, fields)
    missing = entry.validate()
    if missing:
        log.error("missing required keys: %s", ", ".join(missing))
        return 2

    stage = args.stage
    if stage.is_absolute():
        log.error("stage directory must be relative to the project: %s", stage)
        return 2
    out = entry.render(stage / f"{args.app_id}.desktop")
    log.info("wrote %s (%d bytes)", out, out.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
