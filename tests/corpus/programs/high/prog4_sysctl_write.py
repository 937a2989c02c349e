with open("/proc/sys/vm/swappiness", "w") as f:
    f.write("10")
