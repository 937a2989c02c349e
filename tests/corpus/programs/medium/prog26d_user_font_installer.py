#!/usr/bin/env python3
"""Install .ttf/.otf fonts for the current user only (no admin rights needed).

Windows: copies into %LOCALAPPDATA%\\Microsoft\\Windows\\Fonts and registers
         the font under HKCU so it survives a log-off.
macOS:   copies into ~/Library/Fonts.
Linux:   copies into ~/.local/share/fonts and refreshes the fontconfig cache.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("userfonts")
FONT_EXTS = {".ttf", ".otf", ".ttc"}


def user_font_dir() -> Path:
    if sys.platform == "win32":
        return Path(os.environ["LOCALAPPDATA"]) / "Microsoft" / "Windows" / "Fonts"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Fonts"
    data_home = os.environ.get("XDG_DATA_HOME", str(Path.home() / ".local" / "share"))
    return Path(data_home) / "fonts"


def register_windows(dest: Path) -> None:
    import ctypes
    import winreg

    kind = "TrueType" if dest.suffix.lower() in (".ttf", ".ttc") else "OpenType"
    value_name = f"{dest.stem} ({kind})"
    key_path = r"Software\Microsoft\Windows NT\CurrentVersion\Fonts"
    with winreg.CreateKeyEx(winreg.HKEY_CURRENT_USER, key_path, 0, winreg.KEY_SET_VALUE) as key:
        winreg.SetValueEx(key, value_name, 0, winreg.REG_SZ, str(dest))
    added = ctypes.windll.gdi32.AddFontResourceW(str(dest))
    if not added:
        log.warning("AddFontResourceW did not load %s", dest.name)
    HWND_BROADCAST, WM_FONTCHANGE = 0xFFFF, 0x001D
    ctypes.windll.user32.SendMessageTimeoutW(HWND_BROADCAST, WM_FONTCHANGE, 0, 0, 0, 1000, None)


def refresh_cache() -> None:
    if sys.platform.startswith("linux"):
        fc = shutil.which("fc-cache")
        if fc:
            log.info("refreshing fontconfig cache")
            subprocess.run([fc, "-f", str(user_font_dir())], check=False)
        else:
            log.warning("fc-cache not found; log out and back in to see new fonts")
    elif sys.platform == "darwin":
        # Ask the user font database to rescan; harmless if the tool is missing.
        atsutil = shutil.which("atsutil")
        if atsutil:
            subprocess.run([atsutil, "databases", "-removeUser"], check=False,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def list_installed() -> None:
    if sys.platform.startswith("linux") and shutil.which("fc-list"):
        out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
        families = sorted(set(line.split(",")[0] for line in out.splitlines() if line))
        for fam in families:
            print(fam)
        return
    for p in sorted(user_font_dir().glob("*")):
        if p.suffix.lower() in FONT_EXTS:
            print(p.name)


def install(sources, overwrite: bool) -> int:
    dest_dir = user_font_dir()
    dest_dir.mkdir(parents=True, exist_ok=True)
    installed = 0
    for src in sources:
        files = [src] if src.is_file() else [p for p in src.rglob("*") if p.is_file()]
        for f in files:
            if f.suffix.lower() not in FONT_EXTS:
                continue
            dest = dest_dir / f.name
            if dest.exists() and not overwrite:
                log.info("already installed: %s", f.name)
                continue
            shutil.copy2(f, dest)
            if sys.platform == "win32":
                register_windows(dest)
            log.info("installed %s", f.name)
            installed += 1
    if installed:
        refresh_cache()
    log.info("%d font(s) installed into %s", installed, dest_dir)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="*", type=Path, help="font files or folders")
    ap.add_argument("--overwrite", action="store_true")
    ap.add_argument("--list", action="store_true", help="list user-installed fonts")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.list:
        list_installed()
        return 0
    if not args.paths:
        ap.error("give at least one font file or folder")
    return install(args.paths, args.overwrite)


if __name__ == "__main__":
    sys.exit(main())
