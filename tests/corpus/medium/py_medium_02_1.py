
import subprocess
subprocess.run(["git", "status"], check=True)
