
import tarfile
tarfile.open("a.tgz").extractall()
