#!/usr/bin/env python3
"""Focus mode: block distracting sites by pointing them at 0.0.0.0 in the hosts file.

`focus on` adds a marked block of entries to the system hosts file,
`focus off` removes exactly that block, `focus status` shows it.
Editing the hosts file needs administrator rights: sudo on macOS/Linux,
an elevated process on Windows.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("focus")
BEGIN = "# >>> focus-mode block >>>"
END = "# <<< focus-mode block <<<"
DEFAULT_SITES = ["news.ycombinator.com", "reddit.com", "www.reddit.com", "twitter.com",
                 "x.com", "www.youtube.com", "youtube.com", "instagram.com"]


def hosts_path() -> Path:
    if os.name == "nt":
        return Path(os.environ.get("SystemRoot", r"C:\Windows")) / "System32/drivers/etc/hosts"
    return Path("/etc/hosts")


def strip_block(text: str) -> str:
    out, skipping = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"


def build_block(sites) -> str:
    lines = [BEGIN] + [f"0.0.0.0 {s}" for s in sites] + [f":: {s}" for s in sites] + [END]
    return "\n".join(lines) + "\n"


def windows_is_admin() -> bool:
    import ctypes
    return bool(ctypes.windll.shell32.IsUserAnAdmin())


def write_hosts(new_text: str) -> None:
    target = hosts_path()
    if os.name == "nt":
        if not windows_is_admin():
            import ctypes
            params = " ".join(f'"{a}"' for a in [os.path.abspath(__file__), *sys.argv[1:]])
            ctypes.windll.shell32.ShellExecuteW(None, "runas", sys.executable, params, None, 1)
            raise SystemExit("re-launched with administrator rights")
        target.write_text(new_text, encoding="utf-8")
        return
    if os.geteuid() == 0:
        target.write_text(new_text)
        return
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".hosts") as fh:
        fh.write(new_text)
        staged = fh.name
    try:
        subprocess.run(["sudo", "cp", staged, str(target)], check=True)
        subprocess.run(["sudo", "chmod", "644", str(target)], check=True)
    finally:
        os.unlink(staged)


def flush_dns() -> None:
    if os.name == "nt":
        subprocess.run(["ipconfig", "/flushdns"], check=False, stdout=subprocess.DEVNULL)
    elif sys.platform == "darwin":
        subprocess.run(["sudo", "dscacheutil", "-flushcache"], check=False)
        subprocess.run(["sudo", "killall", "-HUP", "mDNSResponder"], check=False)
    elif shutil.which("resolvectl"):
        subprocess.run(["resolvectl", "flush-caches"], check=False)


def backup(text: str) -> None:
    if os.name == "nt":
        folder = Path(os.environ["LOCALAPPDATA"]) / "FocusMode"
    else:
        folder = Path.home() / ".focus-mode"
    folder.mkdir(exist_ok=True)
    (folder / "hosts.backup").write_text(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=("on", "off", "status"))
    ap.add_argument("--sites", nargs="*", default=DEFAULT_SITES)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    current = hosts_path().read_text(encoding="utf-8", errors="replace")
    if args.action == "status":
        active = BEGIN in current
        print(f"focus mode is {'ON' if active else 'off'} ({hosts_path()})")
        return 0
    backup(current)
    cleaned = strip_block(current)
    new_text = cleaned + build_block(args.sites) if args.action == "on" else cleaned
    if new_text == current:
        log.info("nothing to change")
        return 0
    write_hosts(new_text)
    flush_dns()
    log.info("focus mode %s (%d sites)", args.action, len(args.sites) if args.action == "on" else 0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
