#!/usr/bin/env python3
"""Install a wallpaper pack system-wide so it shows up in GNOME Settings.

Copies the images from a local pack folder into /usr/share/backgrounds/<pack>/
and writes the matching /usr/share/gnome-background-properties/<pack>.xml so
every user on the family PC can pick them.  Those folders are owned by root,
so the copy goes through sudo.  Optionally sets one as your own wallpaper.
"""
import argparse
import logging
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

BACKGROUNDS = Path("/usr/share/backgrounds")
PROPERTIES = Path("/usr/share/gnome-background-properties")
IMAGE_EXT = {".jpg", ".jpeg", ".png", ".webp"}
log = logging.getLogger("wallpack")


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "pack"


def find_images(folder):
    imgs = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in IMAGE_EXT)
    if not imgs:
        raise SystemExit(f"no images in {folder}")
    return imgs


def run(cmd, input_text=None, dry=False):
    log.debug("$ %s", " ".join(shlex.quote(c) for c in cmd))
    if dry:
        print("would run:", " ".join(shlex.quote(c) for c in cmd))
        return
    subprocess.run(cmd, input=input_text, text=True, check=True)


def build_properties_xml(pack, installed):
    items = []
    for path in installed:
        title = path.stem.replace("_", " ").replace("-", " ").title()
        items.append(
            "  <wallpaper deleted=\"false\">\n"
            f"    <name>{escape(pack)} - {escape(title)}</name>\n"
            f"    <filename>{escape(str(path))}</filename>\n"
            "    <options>zoom</options>\n"
            "  </wallpaper>")
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<!DOCTYPE wallpapers SYSTEM \"gnome-wp-list.dtd\">\n"
            "<wallpapers>\n" + "\n".join(items) + "\n</wallpapers>\n")


def install_pack(folder, pack_name, dry=False):
    pack = slug(pack_name)
    dest_dir = BACKGROUNDS / pack
    run(["sudo", "install", "-d", "-m", "0755", str(dest_dir)], dry=dry)
    installed = []
    for img in find_images(folder):
        target = dest_dir / img.name.replace(" ", "_")
        run(["sudo", "install", "-m", "0644", str(img), str(target)], dry=dry)
        installed.append(target)
    xml_text = build_properties_xml(pack_name, installed)
    xml_path = PROPERTIES / f"{pack}.xml"
    run(["sudo", "tee", str(xml_path)], input_text=xml_text, dry=dry)
    log.info("installed %d wallpapers to %s", len(installed), dest_dir)
    return installed


def uninstall_pack(pack_name, dry=False):
    pack = slug(pack_name)
    run(["sudo", "rm", "-rf", "--", str(BACKGROUNDS / pack)], dry=dry)
    run(["sudo", "rm", "-f", "--", str(PROPERTIES / f"{pack}.xml")], dry=dry)
    log.info("removed pack %s", pack)


def set_for_me(path, dry=False):
    uri = Path(path).as_uri()
    for key in ("picture-uri", "picture-uri-dark"):
        run(["gsettings", "set", "org.gnome.desktop.background", key, uri], dry=dry)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", help="folder with the pack's images")
    ap.add_argument("--name", help="pack name (default: folder name)")
    ap.add_argument("--apply", type=int, metavar="N", help="also use image N as my wallpaper")
    ap.add_argument("--remove", metavar="PACK", help="uninstall a pack")
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    try:
        if args.remove:
            uninstall_pack(args.remove, args.dry_run)
            return
        if not args.folder:
            ap.error("folder required")
        name = args.name or os.path.basename(os.path.abspath(args.folder))
        installed = install_pack(args.folder, name, args.dry_run)
        if args.apply is not None:
            set_for_me(installed[args.apply % len(installed)], args.dry_run)
    except subprocess.CalledProcessError as exc:
        sys.exit(f"command failed ({exc.returncode}): {exc.cmd[0]}")


if __name__ == "__main__":
    main()
