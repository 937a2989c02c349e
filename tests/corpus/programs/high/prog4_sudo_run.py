import subprocess
def apt(*pkgs):
    return subprocess.run(["sudo", "apt-get", "install", "-y", *pkgs])
apt("htop", "jq")
