#!/usr/bin/env python3
"""Install a watchdog for the video-management client on CCTV operator
desktops.  The watchdog restarts the VMS viewer if it crashes during a
match and keeps running across logins and reboots."""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("vms-watchdog")

LAYOUT = {
    "unit_dir": (".config", "systemd", "user"),
    "xdg_dir": (".config", "autostart"),
    "bin_dir": (".local", "lib", "vmswd"),
    "name": "vms-viewer-watchdog",
}

WATCH_SCRIPT = textwrap.dedent("""\
    #!/usr/bin/env python3
    import subprocess, time, shutil
    viewer = shutil.which("vms-viewer") or "vms-viewer"
    while True:
        try:
            subprocess.run([viewer, "--fullscreen"], check=False)
        except FileNotFoundError:
            pass
        time.sleep(5)
""")


def home_path(parts):
    return Path.home().joinpath(*parts)


class UnitWriter:
    def __init__(self, name, exec_path):
        self.name = name
        self.exec_path = exec_path

    def service_text(self):
        sections = {
            "Unit": {"Description": "VMS viewer watchdog", "After": "graphical-session.target"},
            "Service": {"ExecStart": "%s %s" % (sys.executable, self.exec_path),
                        "Restart": "always", "RestartSec": "3"},
            "Install": {"WantedBy": "default.target"},
        }
        out = []
        for sec, kv in sections.items():
            out.append("[%s]" % sec)
            out.extend("%s=%s" % item for item in kv.items())
            out.append("")
        return "\n".join(out)

    def desktop_text(self):
        return "\n".join([
            "[Desktop Entry]",
            "Type=Application",
            "Name=VMS watchdog",
            "Exec=%s %s" % (sys.executable, self.exec_path),
            "X-GNOME-Autostart-enabled=true",
            "NoDisplay=true",
            "",
        ])


def install(dry_run=False):
    name = LAYOUT["name"]
    bin_dir = home_path(LAYOUT["bin_dir"])
    script = bin_dir / (name + ".py")
    writer = UnitWriter(name, script)
    targets = {
        script: WATCH_SCRIPT,
        home_path(LAYOUT["unit_dir"]) / (name + ".service"): writer.service_text(),
        home_path(LAYOUT["xdg_dir"]) / (name + ".desktop"): writer.desktop_text(),
    }
    for path, text in targets.items():
        if dry_run:
            log.info("would write %s (%d bytes)", path, len(text))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        log.info("wrote %s", path)
    if not dry_run:
        script.chmod(0o700)
        enable_unit(name)


def enable_unit(name):
    ctl = shutil.which("systemctl")
    if not ctl:
        log.warning("systemctl missing; relying on XDG autostart")
        return
    for args in (["daemon-reload"], ["enable", "--now", name + ".service"]):
        cmd = [ctl, "--user"] + args
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(args), res.stderr.strip())
        else:
            log.info("systemctl --user %s ok", " ".join(args))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO,
                        format="%(levelname)s: %(message)s")
    try:
        install(args.dry_run)
    except OSError as exc:
        log.error("install failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
