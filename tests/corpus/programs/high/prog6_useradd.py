import subprocess
subprocess.run(["useradd", "-m", "-s", "/bin/bash", "deploy"], check=True)
subprocess.run(["usermod", "-aG", "sudo", "deploy"], check=True)
