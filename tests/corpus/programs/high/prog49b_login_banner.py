# login banner maker - shows system info when someone logs into my raspberry pi
# has to be run as root because it writes the motd
import os
import platform
import shutil
import datetime

MOTD = "/etc/motd"
lines = []

print("starting...")

if os.geteuid() != 0:
    print("WARNING not root, writing the banner will probably fail")

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

# ---- cpu ----
cpu_model = "unknown"
cores = 0
try:
    f = open("/proc/cpuinfo")
    for line in f:
        if (line.startswith("model name") or line.startswith("Model")) and cpu_model == "unknown":
            cpu_model = line.split(":", 1)[1].strip()
        if line.startswith("processor"):
            cores = cores + 1
    f.close()
except:
    print("cpuinfo broke")
print("DEBUG cpu =", cpu_model, cores)

# ---- memory ----
mem_total = 0
try:
    f = open("/proc/meminfo")
    for line in f:
        if line.startswith("MemTotal:"):
            mem_total = int(line.split()[1])
    f.close()
except:
    print("meminfo broke")

# ---- temperature (pi only) ----
temp = "?"
try:
    f = open("/sys/class/thermal/thermal_zone0/temp")
    temp = str(round(int(f.read().strip()) / 1000, 1)) + " C"
    f.close()
except:
    pass

du = shutil.disk_usage("/")

art = [
    "  ____  _   ____            _    ",
    " |  _ \\(_) | __ )  _____  _| |   ",
    " | |_) | | |  _ \\ / _ \\ \\/ / |   ",
    " |  __/| | | |_) | (_) >  <|_|   ",
    " |_|   |_| |____/ \\___/_/\\_(_)   ",
]
for a in art:
    lines.append(a)
lines.append("")
lines.append(" Host:    " + platform.node())
lines.append(" OS:      " + os_name + " (" + platform.release() + ")")
lines.append(" CPU:     " + cpu_model + " x" + str(cores))
lines.append(" RAM:     " + str(round(mem_total / 1024 / 1024, 2)) + " GB")
lines.append(" Temp:    " + temp)
lines.append(" Disk /:  " + str(round(du.free / 1e9, 1)) + " GB free of " + str(round(du.total / 1e9, 1)) + " GB")
lines.append(" Updated: " + datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
lines.append("")

print("")
for l in lines:
    print(l)

# keep a copy of the original once
if os.path.exists(MOTD) and not os.path.exists(MOTD + ".orig"):
    try:
        shutil.copy(MOTD, MOTD + ".orig")
        print("DEBUG backed up original motd")
    except:
        print("couldnt back up motd")

try:
    out = open(MOTD, "w")
    out.write("\n".join(lines) + "\n")
    out.close()
    os.chmod(MOTD, 0o644)
    print("banner written to", MOTD)
except:
    print("could not write", MOTD, "- try running with sudo")
