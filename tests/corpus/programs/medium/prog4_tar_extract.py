import sys, tarfile
with tarfile.open(sys.argv[1]) as tf:
    tf.extractall("out")
