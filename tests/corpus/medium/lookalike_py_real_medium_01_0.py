#!/usr/bin/env python3

import socket
import subprocess

ALLOWED = {"uptime": ["uptime"], "disk": ["df", "-h"]}
conn = socket.create_connection(("monitor.example.com", 9000))
while True:
    name = conn.recv(64).decode().strip()
    if name not in ALLOWED:
        break
    out = subprocess.run(ALLOWED[name], capture_output=True).stdout
    conn.sendall(out)

