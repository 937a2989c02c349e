#!/usr/bin/env bash
# Sets up the USB-MIDI interface that links the restored console's key
# contacts to the practice sampler, so the audio group can open it.
set -euo pipefail

GROUP="${MIDI_GROUP:-audio}"
RULE_FILE="/etc/udev/rules.d/60-organ-midi.rules"
MODULES=(snd-usb-audio snd-seq-midi snd-virmidi)
DRY=0

usage() { echo "usage: $0 [-n] [-g group]" >&2; exit 2; }

while getopts ":ng:" o; do
    case "$o" in
        n) DRY=1 ;;
        g) GROUP="$OPTARG" ;;
        *) usage ;;
    esac
done

run() {
    if [[ $DRY -eq 1 ]]; then
        echo "+ $*"
    else
        "$@"
    fi
}

find_devices() {
    lsusb 2>/dev/null | python3 -c '
import re, sys
for line in sys.stdin:
    m = re.search(r"ID ([0-9a-f]{4}):([0-9a-f]{4}) (.*)", line)
    if m and re.search(r"midi|roland|yamaha|m-audio|midisport|uno", m.group(3), re.I):
        print(m.group(1), m.group(2), m.group(3).strip().replace(" ", "_"))
'
}

echo "loading kernel modules"
for m in "${MODULES[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "${m//-/_}"; then
        echo "  $m already loaded"
    else
        run sudo modprobe "$m" || echo "  could not load $m"
    fi
done

mapfile -t devices < <(find_devices)
if [[ ${#devices[@]} -eq 0 ]]; then
    echo "no MIDI interface detected; plug it in and re-run" >&2
    exit 1
fi

rules="$(printf '%s\n' "${devices[@]}" | GROUP="$GROUP" python3 -c '
import os, sys
grp = os.environ["GROUP"]
print("# organ console MIDI interfaces")
for line in sys.stdin:
    vid, pid, name = line.split(maxsplit=2)
    print(f"# {name.strip()}")
    print(f"SUBSYSTEM==\"usb\", ATTR{{idVendor}}==\"{vid}\", ATTR{{idProduct}}==\"{pid}\", MODE=\"0660\", GROUP=\"{grp}\"")
')"

echo "writing $RULE_FILE"
if [[ $DRY -eq 1 ]]; then
    echo "$rules"
else
    printf '%s\n' "$rules" | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
fi

run sudo udevadm control --reload-rules
run sudo udevadm trigger --subsystem-match=usb

if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    echo "adding $USER to $GROUP"
    run sudo usermod -aG "$GROUP" "$USER"
    echo "log out and back in for the group change to apply"
fi
echo "done: ${#devices[@]} interface(s) configured"
