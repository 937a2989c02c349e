import subprocess
subprocess.run("chmod -R 777 /var/www", shell=True)
