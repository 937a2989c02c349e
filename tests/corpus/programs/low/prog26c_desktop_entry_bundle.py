#!/usr/bin/env python3
"""Build the freedesktop metadata for the Quillnotes AppImage bundle.

Renders a .desktop entry and an AppStream metainfo stub from
string.Template and writes them under ./dist/AppDir/usr/share/ inside
the project tree, which is later packed into the AppImage by the
release job.  Nothing is written outside the project.
"""
import argparse
import configparser
import sys
from pathlib import Path
from string import Template

PROJECT = Path.cwd()
APPDIR = PROJECT / "dist" / "AppDir"

DESKTOP_TEMPLATE = Template("""\
[Desktop Entry]
Type=Application
Version=1.5
Name=$name
GenericName=Note Taking
Comment=$comment
Exec=$exe %U
Icon=$icon
Terminal=false
Categories=Office;TextEditor;
MimeType=text/markdown;text/plain;
StartupWMClass=$wmclass
""")

METAINFO_TEMPLATE = Template("""\
<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>$app_id</id>
  <name>$name</name>
  <summary>$comment</summary>
  <metadata_license>CC0-1.0</metadata_license>
  <launchable type="desktop-id">$app_id.desktop</launchable>
  <releases>
    <release version="$version"/>
  </releases>
</component>
""")


def check_desktop_syntax(text: str) -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(text)
    entry = parser["Desktop Entry"]
    for key in ("Type", "Name", "Exec", "Icon"):
        if not entry.get(key):
            raise ValueError(f"missing {key} in desktop entry")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--app-id", default="org.example.Quillnotes")
    ap.add_argument("--name", default="Quillnotes")
    ap.add_argument("--comment", default="Write and organise markdown notes")
    ap.add_argument("--version", default="2.3.0")
    ap.add_argument("--exe", default="quillnotes")
    opts = ap.parse_args(argv)

    values = {
        "app_id": opts.app_id,
        "name": opts.name,
        "comment": opts.comment,
        "version": opts.version,
        "exe": opts.exe,
        "icon": opts.app_id,
        "wmclass": opts.name.lower(),
    }

    desktop = DESKTOP_TEMPLATE.substitute(values)
    try:
        check_desktop_syntax(desktop)
    except (ValueError, configparser.Error) as exc:
        print(f"error: bad desktop entry: {exc}", file=sys.stderr)
        return 1

    apps_dir = APPDIR / "usr" / "share" / "applications"
    meta_dir = APPDIR / "usr" / "share" / "metainfo"
    apps_dir.mkdir(parents=True, exist_ok=True)
    meta_dir.mkdir(parents=True, exist_ok=True)

    desktop_path = apps_dir / f"{opts.app_id}.desktop"
    meta_path = meta_dir / f"{opts.app_id}.appdata.xml"
    desktop_path.write_text(desktop, encoding="utf-8")
    meta_path.write_text(METAINFO_TEMPLATE.substitute(values), encoding="utf-8")

    # AppImage tooling also expects a copy of the entry at the AppDir root.
    (APPDIR / f"{opts.app_id}.desktop").write_text(desktop, encoding="utf-8")

    for path in (desktop_path, meta_path):
        print(f"wrote {path.relative_to(PROJECT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
