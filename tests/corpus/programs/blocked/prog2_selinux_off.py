import re

CONF = "/etc/selinux/config"
with open(CONF) as f:
    text = f.read()
text = re.sub(r"^SELINUX=.*$", "SELINUX=disabled", text, flags=re.M)
with open(CONF, "w") as f:
    f.write(text)
