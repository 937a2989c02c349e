# OS class homework 3: print info about the computer
# by jake. reads the /proc files like the teacher showed us
import os
import platform
import shutil
import datetime

REPORT = "sysinfo_report.txt"
lines = []

print("starting...")

# ---- os name ----
os_name = "unknown"
try:
    f = open("/etc/os-release")
    for line in f:
        if line.startswith("PRETTY_NAME="):
            os_name = line.split("=", 1)[1].strip().strip('"')
    f.close()
except:
    print("no os-release??")
print("DEBUG os_name =", os_name)
lines.append("Operating system: " + os_name)
lines.append("Kernel: " + platform.release())
lines.append("Machine: " + platform.machine())

# ---- cpu ----
cpu_model = "unknown"
cores = 0
try:
    f = open("/proc/cpuinfo")
    for line in f:
        if line.startswith("model name") and cpu_model == "unknown":
            cpu_model = line.split(":", 1)[1].strip()
        if line.startswith("processor"):
            cores = cores + 1
    f.close()
except:
    print("cpuinfo broke")
print("DEBUG cpu =", cpu_model, cores)
lines.append("CPU: " + cpu_model)
lines.append("Cores: " + str(cores))

# ---- memory ----
mem_total = 0
mem_free = 0
try:
    f = open("/proc/meminfo")
    for line in f:
        if line.startswith("MemTotal:"):
            mem_total = int(line.split()[1])
        if line.startswith("MemAvailable:"):
            mem_free = int(line.split()[1])
    f.close()
except:
    print("meminfo broke")
lines.append("RAM total: " + str(round(mem_total / 1024 / 1024, 2)) + " GB")
lines.append("RAM available: " + str(round(mem_free / 1024 / 1024, 2)) + " GB")

# ---- uptime ----
try:
    f = open("/proc/uptime")
    secs = float(f.read().split()[0])
    f.close()
    hours = int(secs // 3600)
    mins = int((secs % 3600) // 60)
    lines.append("Uptime: " + str(hours) + "h " + str(mins) + "m")
except:
    lines.append("Uptime: ???")

# ---- disk (just this folder) ----
try:
    du = shutil.disk_usage(".")
    lines.append("Disk free here: " + str(round(du.free / 1e9, 1)) + " GB of " + str(round(du.total / 1e9, 1)) + " GB")
except:
    lines.append("Disk: ???")

lines.append("Generated: " + datetime.datetime.now().isoformat())

print("")
print("====== SYSTEM INFO ======")
for l in lines:
    print(l)
print("=========================")

# save for handing in
try:
    out = open(REPORT, "w")
    out.write("\n".join(lines) + "\n")
    out.close()
    print("saved to", os.path.abspath(REPORT))
except:
    print("couldnt save report")
