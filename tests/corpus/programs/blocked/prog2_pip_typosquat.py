import subprocess
import sys

for pkg in ["reqeusts", "colourama"]:
    subprocess.check_call([sys.executable, "-m", "pip", "install", pkg])
