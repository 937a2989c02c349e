#!/usr/bin/env python3
"""Build freedesktop .desktop launchers for the packaging tree.

Entries are staged under ./build/share/applications so that the
flatpak / deb build picks them up; nothing is installed on this machine.
"""
import argparse
import configparser
import io
import logging
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("desktopgen")

STAGING = Path("build") / "share" / "applications"
VALID_CATEGORIES = {"Development", "Utility", "Graphics", "Network", "Office", "Science"}


@dataclass
class Launcher:
    app_id: str
    name: str
    exec_line: str
    icon: str = "application-x-executable"
    comment: str = ""
    categories: list = field(default_factory=lambda: ["Utility"])
    terminal: bool = False
    mime_types: list = field(default_factory=list)

    def validate(self):
        if not re.fullmatch(r"[A-Za-z][\w.-]+\.[\w-]+", self.app_id):
            raise ValueError(f"bad reverse-DNS id: {self.app_id}")
        unknown = set(self.categories) - VALID_CATEGORIES
        if unknown:
            raise ValueError(f"unknown categories {sorted(unknown)}")
        if "%" in self.exec_line and not re.search(r"%[fFuU]", self.exec_line):
            raise ValueError("Exec may only use %f %F %u %U field codes")

    def to_ini(self) -> str:
        cp = configparser.ConfigParser(interpolation=None)
        cp.optionxform = str  # keys are case sensitive in the spec
        entry = {
            "Type": "Application",
            "Version": "1.5",
            "Name": self.name,
            "Exec": self.exec_line,
            "Icon": self.icon,
            "Terminal": "true" if self.terminal else "false",
            "Categories": ";".join(self.categories) + ";",
        }
        if self.comment:
            entry["Comment"] = self.comment
        if self.mime_types:
            entry["MimeType"] = ";".join(self.mime_types) + ";"
        cp["Desktop Entry"] = entry
        buf = io.StringIO()
        cp.write(buf, space_around_delimiters=False)
        return buf.getvalue()


def load_table(path: Path):
    """Read a tab separated table: id, name, exec, categories."""
    launchers = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cols = raw.split("\t")
        if len(cols) < 4:
            log.warning("%s:%d: expected 4 columns, got %d", path, lineno, len(cols))
            continue
        launchers.append(Launcher(app_id=cols[0], name=cols[1], exec_line=cols[2],
                                  categories=cols[3].split(",")))
    return launchers


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("table", type=Path, help="packaging/launchers.tsv")
    ap.add_argument("--out", type=Path, default=STAGING)
    ap.add_argument("--clean", action="store_true", help="remove stale staged entries first")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    args.out.mkdir(parents=True, exist_ok=True)
    if args.clean:
        for old in args.out.glob("*.desktop"):
            old.unlink()
    failures = 0
    for launcher in load_table(args.table):
        try:
            launcher.validate()
        except ValueError as exc:
            log.error("%s: %s", launcher.app_id, exc)
            failures += 1
            continue
        target = args.out / f"{launcher.app_id}.desktop"
        target.write_text(launcher.to_ini(), encoding="utf-8")
        log.info("staged %s", target)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
