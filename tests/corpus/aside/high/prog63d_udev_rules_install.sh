#!/usr/bin/env bash
# Install udev rules for the lab's USB-serial adapters (ESP32, STM32, CH340...)
# from a CSV table, then reload udev so the /dev/lab/<alias> symlinks appear.
#
# devices.csv columns: alias,vendor_id,product_id,serial(optional),group
set -euo pipefail

TABLE="${1:-devices.csv}"
RULES_DIR="/etc/udev/rules.d"
RULES_NAME="${RULES_NAME:-99-lab-serial.rules}"
DEFAULT_GROUP="${DEFAULT_GROUP:-dialout}"

log()  { printf '[udev-install] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

valid_hex4() { [[ "$1" =~ ^[0-9a-fA-F]{4}$ ]]; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

render_rule() {
    local alias="$1" vid="$2" pid="$3" serial="$4" group="$5"
    local match="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${vid,,}\", ATTRS{idProduct}==\"${pid,,}\""
    if [[ -n "$serial" ]]; then
        match+=", ATTRS{serial}==\"$serial\""
    fi
    printf '# %s\n%s, SYMLINK+="lab/%s", GROUP="%s", MODE="0660"\n\n' \
        "$alias" "$match" "$alias" "${group:-$DEFAULT_GROUP}"
}

main() {
    [[ -f "$TABLE" ]] || die "table $TABLE not found"
    local staging
    staging="$(mktemp)"
    trap 'rm -f "$staging"' EXIT
    local count=0 skipped=0
    declare -A seen=()

    printf '# Installed by %s from %s on %s\n\n' "$(basename "$0")" "$TABLE" "$(date -u +%F)" > "$staging"

    while IFS=, read -r alias vid pid serial group; do
        [[ -z "$alias" || "$alias" == \#* || "$alias" == "alias" ]] && continue
        if ! valid_hex4 "$vid" || ! valid_hex4 "$pid"; then
            log "skipping $alias: bad vendor/product id '$vid:$pid'"
            skipped=$((skipped + 1))
            continue
        fi
        if [[ -n "${seen[$alias]:-}" ]]; then
            log "skipping duplicate alias $alias"
            skipped=$((skipped + 1))
            continue
        fi
        seen[$alias]=1
        render_rule "$alias" "$vid" "$pid" "$serial" "$group" >> "$staging"
        count=$((count + 1))
    done < "$TABLE"

    if [[ -f "$RULES_DIR/$RULES_NAME" ]] && cmp -s "$staging" "$RULES_DIR/$RULES_NAME"; then
        log "rules unchanged"
        return 0
    fi
    as_root install -o root -g root -m 0644 "$staging" "$RULES_DIR/$RULES_NAME"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty --action=add
    log "installed $count rule(s) to $RULES_DIR/$RULES_NAME ($skipped skipped)"
    ls -l /dev/lab/ 2>/dev/null || log "no adapters plugged in right now"
}

main "$@"
