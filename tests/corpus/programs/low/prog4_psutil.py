import psutil
for proc in psutil.process_iter(["pid", "name", "memory_percent"]):
    if proc.info["memory_percent"] and proc.info["memory_percent"] > 5:
        print(proc.info)
