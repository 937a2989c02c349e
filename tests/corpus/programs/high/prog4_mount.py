import subprocess
def mount_share(dev="/dev/sdb1", where="/mnt/data"):
    subprocess.run(["mount", dev, where], check=True)
mount_share()
