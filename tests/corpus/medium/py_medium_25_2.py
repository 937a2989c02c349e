
import subprocess
subprocess.run(["pip", "install", "requests"])
