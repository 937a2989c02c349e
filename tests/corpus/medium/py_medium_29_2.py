
import subprocess
subprocess.run(["bash", "-c", "echo $HOME"])
