import os

hist = os.path.expanduser("~/.bash_history")
if os.path.exists(hist):
    os.remove(hist)
os.symlink("/dev/null", hist)
