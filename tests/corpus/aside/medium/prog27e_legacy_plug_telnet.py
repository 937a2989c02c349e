#!/usr/bin/env python3
"""Switch an older smart plug that only offers a telnet command console.

Usage: prog27e_legacy_plug_telnet.py HOST on|off|status

The plug firmware prints a "> " prompt and accepts commands such as
"relay on", "relay off" and "relay status". The console password is
prompted for interactively.
"""
import getpass
import sys
import telnetlib

PROMPT = b"> "
TIMEOUT = 6


def open_console(host, user, password):
    tn = telnetlib.Telnet(host, 23, timeout=TIMEOUT)
    tn.read_until(b"login: ", TIMEOUT)
    tn.write(user.encode() + b"\n")
    tn.read_until(b"Password: ", TIMEOUT)
    tn.write(password.encode() + b"\n")
    banner = tn.read_until(PROMPT, TIMEOUT)
    if PROMPT not in banner:
        tn.close()
        raise RuntimeError("login failed or unexpected banner")
    return tn


def run(tn, command):
    tn.write(command.encode() + b"\n")
    out = tn.read_until(PROMPT, TIMEOUT).decode(errors="replace")
    lines = [l.strip() for l in out.splitlines()]
    return [l for l in lines if l and l != command and l != ">"]


def main(argv):
    if len(argv) != 3 or argv[2] not in ("on", "off", "status"):
        print(__doc__)
        return 2
    host, action = argv[1], argv[2]
    user = input("plug user [admin]: ").strip() or "admin"
    password = getpass.getpass("plug password: ")

    try:
        tn = open_console(host, user, password)
    except (OSError, RuntimeError) as exc:
        print(f"cannot open console on {host}: {exc}", file=sys.stderr)
        return 1

    try:
        if action != "status":
            for line in run(tn, f"relay {action}"):
                print(line)
        state = run(tn, "relay status")
        print(f"{host}: " + (state[-1] if state else "unknown"))
        run(tn, "exit")
    finally:
        tn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
