"""Gives the current process the admin capability before probing interfaces."""
import prctl


def enable_admin():
    prctl.cap_effective.net_admin = True
    prctl.cap_inheritable.net_admin = True
    return prctl.cap_effective.net_admin


if __name__ == "__main__":
    print(enable_admin())
