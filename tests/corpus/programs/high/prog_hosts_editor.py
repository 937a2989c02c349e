import ipaddress
import sys

HOSTS = "/etc/hosts"


def add_entry(ip, name):
    ipaddress.ip_address(ip)
    with open(HOSTS) as f:
        if any(name in line.split() for line in f):
            return False
    with open(HOSTS, "a") as f:
        f.write(f"{ip}\t{name}\n")
    return True


if __name__ == "__main__":
    print(add_entry(sys.argv[1], sys.argv[2]))
