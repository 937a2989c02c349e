import shutil, os
shutil.copy("mytool", "/usr/local/bin/mytool")
os.chmod("/usr/local/bin/mytool", 0o755)
