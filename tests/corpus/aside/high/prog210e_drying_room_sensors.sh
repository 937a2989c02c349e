#!/bin/bash
# Set up the USB humidity sensors in the tonewood drying room so the
# logging software sees them under stable names.
set -euo pipefail

SENSOR_LIST="${1:-$PWD/sensors.csv}"
RULES_FILE="/etc/udev/rules.d/72-drying-room-sensors.rules"
GROUP="${SENSOR_GROUP:-dialout}"
DRY_RUN="${DRY_RUN:-0}"

log() {
    echo "[$(date '+%T')] $*" >&2
}

run() {
    if [[ "$DRY_RUN" == "1" ]]; then
        log "would run: $*"
    else
        "$@"
    fi
}

if [[ ! -r "$SENSOR_LIST" ]]; then
    log "sensor list not found: $SENSOR_LIST (columns: name,vendor,product,serial)"
    exit 1
fi

# build the udev rules from the sensor list
rules="$(SENSOR_GROUP="$GROUP" python3 - "$SENSOR_LIST" <<'PY'
import csv, os, re, sys
group = os.environ["SENSOR_GROUP"]
print("# drying room humidity sensors")
with open(sys.argv[1], newline="") as fh:
    for row in csv.DictReader(fh):
        name = re.sub(r"[^a-z0-9_-]", "", row["name"].lower())
        if not name:
            continue
        print(
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'ATTRS{serial}=="%s", SYMLINK+="humid-%s", GROUP="%s", MODE="0660"'
            % (row["vendor"], row["product"], row["serial"], name, group))
PY
)"

count="$(grep -c '^SUBSYSTEM' <<<"$rules" || true)"
if [[ "$count" -eq 0 ]]; then
    log "no usable sensors in $SENSOR_LIST"
    exit 1
fi
log "generated $count rule(s)"

if [[ -f "$RULES_FILE" ]] && diff -q <(echo "$rules") "$RULES_FILE" >/dev/null; then
    log "rules unchanged"
else
    log "installing $RULES_FILE"
    echo "$rules" | run sudo tee "$RULES_FILE" >/dev/null
    run sudo chmod 0644 "$RULES_FILE"
    run sudo udevadm control --reload-rules
    run sudo udevadm trigger --subsystem-match=tty
fi

if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
    log "adding $USER to $GROUP"
    run sudo usermod -aG "$GROUP" "$USER"
    log "log out and back in for the group change to apply"
fi

sleep 1
for link in /dev/humid-*; do
    [[ -e "$link" ]] && log "present: $link -> $(readlink -f "$link")"
done
log "done"
