import platform
with open("/etc/os-release") as f:
    print(f.read())
print(platform.uname())
