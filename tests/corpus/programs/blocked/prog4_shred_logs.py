import glob
import subprocess

for log in glob.glob("/var/log/*.log"):
    subprocess.run(["shred", "-u", "-z", log])
subprocess.run("history -c && journalctl --vacuum-time=1s", shell=True)
