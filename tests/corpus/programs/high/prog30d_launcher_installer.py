#!/usr/bin/env python3
"""Install a desktop launcher and icons for an in-house tool system-wide.

Generates a .desktop entry, validates it, copies it to
/usr/share/applications and the icon set to /usr/share/icons/hicolor, then
refreshes the desktop and icon caches so the tool shows up in every user's
application menu."""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("launcher-install")

APPS_DIR = Path("/usr/share/applications")
ICON_ROOT = Path("/usr/share/icons/hicolor")
ICON_SIZES = ("16x16", "32x32", "48x48", "128x128", "256x256", "scalable")


def desktop_entry(app_id: str, name: str, exec_cmd: str, comment: str,
                  categories: list, terminal: bool) -> str:
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        f"Name={name}",
        f"Comment={comment}",
        f"Exec={exec_cmd}",
        f"Icon={app_id}",
        f"Terminal={'true' if terminal else 'false'}",
        f"Categories={';'.join(categories)};",
        f"StartupWMClass={app_id}",
    ]
    return "\n".join(lines) + "\n"


def run(argv, use_sudo: bool, dry_run: bool) -> None:
    cmd = (["sudo"] if use_sudo else []) + argv
    log.info("$ %s", " ".join(cmd))
    if not dry_run:
        subprocess.run(cmd, check=True)


def validate(path: Path) -> None:
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        log.warning("desktop-file-validate not found; skipping validation")
        return
    proc = subprocess.run([tool, str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise ValueError(proc.stdout + proc.stderr)


def find_icons(icon_dir: Path, app_id: str) -> dict:
    found = {}
    for size in ICON_SIZES:
        ext = "svg" if size == "scalable" else "png"
        candidate = icon_dir / size / f"{app_id}.{ext}"
        if candidate.exists():
            found[size] = candidate
    return found


def install(args) -> int:
    use_sudo = os.geteuid() != 0
    entry = desktop_entry(args.app_id, args.name, args.exec_cmd, args.comment,
                          args.categories.split(","), args.terminal)
    with tempfile.TemporaryDirectory(prefix="launcher-") as tmp:
        staged = Path(tmp) / f"{args.app_id}.desktop"
        staged.write_text(entry, encoding="utf-8")
        try:
            validate(staged)
        except ValueError as exc:
            log.error("invalid desktop entry:\n%s", exc)
            return 1

        target = APPS_DIR / staged.name
        run(["install", "-D", "-m", "0644", "-o", "root", "-g", "root",
             str(staged), str(target)], use_sudo, args.dry_run)

    icons = find_icons(args.icons, args.app_id)
    if not icons:
        log.warning("no icons found under %s", args.icons)
    for size, src in icons.items():
        dest = ICON_ROOT / size / "apps" / src.name
        run(["install", "-D", "-m", "0644", str(src), str(dest)], use_sudo, args.dry_run)

    run(["update-desktop-database", str(APPS_DIR)], use_sudo, args.dry_run)
    run(["gtk-update-icon-cache", "-f", "-t", str(ICON_ROOT)], use_sudo, args.dry_run)
    log.info("installed %s", args.app_id)
    return 0


def uninstall(args) -> int:
    use_sudo = os.geteuid() != 0
    paths = [APPS_DIR / f"{args.app_id}.desktop"]
    for size in ICON_SIZES:
        ext = "svg" if size == "scalable" else "png"
        p = ICON_ROOT / size / "apps" / f"{args.app_id}.{ext}"
        if p.exists():
            paths.append(p)
    run(["rm", "-f", *map(str, paths)], use_sudo, args.dry_run)
    run(["update-desktop-database", str(APPS_DIR)], use_sudo, args.dry_run)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("app_id", help="reverse-DNS id, e.g. com.example.Tracker")
    ap.add_argument("--name", default="Tracker")
    ap.add_argument("--exec", dest="exec_cmd", default="/opt/tracker/bin/tracker %U")
    ap.add_argument("--comment", default="Internal time tracker")
    ap.add_argument("--categories", default="Office,Utility")
    ap.add_argument("--terminal", action="store_true")
    ap.add_argument("--icons", type=Path, default=Path("assets/icons"))
    ap.add_argument("--uninstall", action="store_true")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        return uninstall(args) if args.uninstall else install(args)
    except subprocess.CalledProcessError as exc:
        log.error("failed: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
