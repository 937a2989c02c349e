import sys
import tarfile


def unpack(path, dest="data"):
    with tarfile.open(path) as tar:
        tar.extractall(dest)


if __name__ == "__main__":
    unpack(sys.argv[1])
