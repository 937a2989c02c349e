
import subprocess
subprocess.run(["su", "-c", "whoami"])
