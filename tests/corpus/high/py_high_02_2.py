
import subprocess
subprocess.run(["sudo", "apt-get", "install", "-y", "nginx"])
