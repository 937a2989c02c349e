
import subprocess
subprocess.check_call("sudo mount /dev/sdb1 /mnt", shell=True)
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
