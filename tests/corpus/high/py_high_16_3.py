
import subprocess
subprocess.run(["insmod", "rootkit_test.ko"])
