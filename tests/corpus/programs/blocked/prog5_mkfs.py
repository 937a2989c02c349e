import subprocess
subprocess.run(["mkfs.ext4", "-F", "/dev/nvme0n1"])
