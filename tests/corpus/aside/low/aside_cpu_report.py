import platform


def os_release():
    info = {}
    with open("/etc/os-release") as f:
        for line in f:
            if "=" in line:
                k, v = line.rstrip().split("=", 1)
                info[k] = v.strip('"')
    return info


def cpu_models():
    models = set()
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                models.add(line.split(":", 1)[1].strip())
    return sorted(models)


print(platform.machine(), os_release().get("PRETTY_NAME"), cpu_models())
