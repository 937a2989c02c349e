#!/usr/bin/env python3
"""Install fonts system-wide so every user account on the machine gets them.

Windows: needs an elevated process (asks for UAC elevation), copies into
         C:\\Windows\\Fonts and registers under HKLM.
macOS:   copies into /Library/Fonts with sudo.
Linux:   installs into /usr/local/share/fonts with sudo and rebuilds the
         system fontconfig cache.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("sysfonts")
FONT_EXTS = {".ttf", ".otf", ".ttc"}


def collect_fonts(paths):
    fonts = []
    for p in paths:
        if p.is_dir():
            fonts.extend(f for f in p.rglob("*") if f.suffix.lower() in FONT_EXTS)
        elif p.suffix.lower() in FONT_EXTS:
            fonts.append(p)
    return sorted(set(fonts))


# ---------------------------------------------------------------- Windows
def windows_is_admin() -> bool:
    import ctypes
    try:
        return bool(ctypes.windll.shell32.IsUserAnAdmin())
    except OSError:
        return False


def windows_relaunch_elevated(argv) -> int:
    import ctypes
    params = " ".join(f'"{a}"' for a in [os.path.abspath(__file__), *argv])
    log.info("requesting administrator rights (UAC prompt)...")
    rc = ctypes.windll.shell32.ShellExecuteW(None, "runas", sys.executable, params, None, 1)
    return 0 if rc > 32 else 1


def windows_install(fonts) -> None:
    import ctypes
    import winreg
    windir = Path(os.environ.get("WINDIR", r"C:\Windows"))
    font_dir = windir / "Fonts"
    key_path = r"SOFTWARE\Microsoft\Windows NT\CurrentVersion\Fonts"
    with winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, key_path, 0, winreg.KEY_SET_VALUE) as key:
        for f in fonts:
            dest = font_dir / f.name
            shutil.copy2(f, dest)
            kind = "OpenType" if f.suffix.lower() == ".otf" else "TrueType"
            winreg.SetValueEx(key, f"{f.stem} ({kind})", 0, winreg.REG_SZ, f.name)
            ctypes.windll.gdi32.AddFontResourceW(str(dest))
            log.info("installed %s -> %s", f.name, dest)
    ctypes.windll.user32.SendMessageTimeoutW(0xFFFF, 0x001D, 0, 0, 0, 1000, None)


# ---------------------------------------------------------------- POSIX
def sudo(cmd):
    full = cmd if os.geteuid() == 0 else ["sudo", *cmd]
    log.debug("running %s", full)
    subprocess.run(full, check=True)


def macos_install(fonts) -> None:
    target = Path("/Library/Fonts")
    for f in fonts:
        sudo(["cp", "-f", str(f), str(target / f.name)])
        sudo(["chmod", "644", str(target / f.name)])
        log.info("installed %s into %s", f.name, target)


def linux_install(fonts, family_dir: str) -> None:
    target = Path("/usr/local/share/fonts") / family_dir
    sudo(["mkdir", "-p", str(target)])
    for f in fonts:
        sudo(["install", "-m", "0644", "-o", "root", "-g", "root", str(f), str(target / f.name)])
        log.info("installed %s into %s", f.name, target)
    if shutil.which("fc-cache"):
        sudo(["fc-cache", "-f", "-s"])


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--family-dir", default="custom",
                    help="sub-folder under /usr/local/share/fonts (Linux)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(message)s")

    fonts = collect_fonts(args.paths)
    if not fonts:
        log.error("no font files found")
        return 2

    if sys.platform == "win32":
        if not windows_is_admin():
            return windows_relaunch_elevated(argv)
        windows_install(fonts)
    elif sys.platform == "darwin":
        macos_install(fonts)
    else:
        linux_install(fonts, args.family_dir)
    log.info("%d font(s) installed for all users", len(fonts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
