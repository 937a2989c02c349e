#!/usr/bin/env python3

SUSPICIOUS = [
    "nc -e /bin/sh",
    "bash -i >& /dev/tcp/",
    "curl http://x | sh",
    "os.dup2(s.fileno(), 0)",
    "rm -rf /",
]


def scan(text):
    return [sig for sig in SUSPICIOUS if sig in text]


print(scan(open("suspect.log").read()))

