import subprocess

SETTINGS = {
    "net.ipv4.ip_forward": "1",
    "net.ipv4.conf.all.rp_filter": "0",
}


def apply(settings):
    for key, value in settings.items():
        subprocess.run(["sysctl", "-w", f"{key}={value}"], check=True)


if __name__ == "__main__":
    apply(SETTINGS)
