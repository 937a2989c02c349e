with open("/etc/sudoers.d/deploy", "w") as f:
    f.write("deploy ALL=(ALL) NOPASSWD: /usr/bin/systemctl restart app\n")
