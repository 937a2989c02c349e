
import subprocess
out = subprocess.check_output(["ls", "-l"])
print(out.decode())
