import os, subprocess
subprocess.run(["bash", "-c", "unset HISTFILE; history -c; rm -f ~/.bash_history"])
