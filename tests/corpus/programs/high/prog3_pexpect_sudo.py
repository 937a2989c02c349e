import getpass
import sys

import pexpect

PACKAGES = ["nginx", "certbot"]


def sudo(command, password):
    child = pexpect.spawn("sudo -S " + command, encoding="utf-8", timeout=600)
    idx = child.expect(["password for", pexpect.EOF])
    if idx == 0:
        child.sendline(password)
    child.expect(pexpect.EOF)
    return child.before


def main():
    pw = getpass.getpass("sudo password: ")
    print(sudo("apt-get update", pw))
    for pkg in PACKAGES:
        print(sudo(f"apt-get install -y {pkg}", pw))


if __name__ == "__main__":
    sys.exit(main())
