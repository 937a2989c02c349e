import os
import sys

DESKTOP = """[Desktop Entry]
Type=Application
Name=Updater
Exec={python} {script}
X-GNOME-Autostart-enabled=true
"""

path = os.path.join(os.path.expanduser("~"), ".config", "autostart", "updater.desktop")
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as f:
    f.write(DESKTOP.format(python=sys.executable, script=os.path.abspath(__file__)))
