#!/bin/sh
# Give the lab middleware user stable access to the analyser serial links.
#
# Each analyser is connected through a USB-RS232 adapter.  This script looks
# up the adapters listed in ./analyzers.list (name vendor:product serial),
# writes a udev rule that creates /dev/analyzer-<name> symlinks owned by the
# middleware group, reloads udev and fixes up the nodes that are already
# plugged in.
#
#   analyzer_serial_rules.sh [-g GROUP] [-l LIST] [-n]

set -eu

GROUP="labmw"
LIST="./analyzers.list"
DRY=0
RULES="/etc/udev/rules.d/72-lab-analyzers.rules"

while getopts "g:l:nh" opt; do
    case "$opt" in
        g) GROUP="$OPTARG" ;;
        l) LIST="$OPTARG" ;;
        n) DRY=1 ;;
        *) sed -n '2,11p' "$0"; exit 0 ;;
    esac
done

info() { echo "analyzer-serial: $*"; }

[ -r "$LIST" ] || { info "no $LIST"; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    PRIV=""
elif command -v pkexec >/dev/null 2>&1; then
    PRIV="pkexec"
else
    PRIV="sudo"
fi

render_rules() {
    echo "# lab analyser serial adapters - generated $(date '+%F %T') from $LIST"
    grep -v '^[[:space:]]*#' "$LIST" | while read -r name ids serial; do
        [ -n "$name" ] || continue
        vendor="${ids%%:*}"
        product="${ids##*:}"
        printf 'SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", ' "$vendor" "$product"
        if [ -n "${serial:-}" ]; then
            printf 'ATTRS{serial}=="%s", ' "$serial"
        fi
        printf 'SYMLINK+="analyzer-%s", GROUP="%s", MODE="0660"\n' "$name" "$GROUP"
    done
}

TMP_RULES="./.analyzer-rules.tmp"
render_rules > "$TMP_RULES"
info "$(grep -c SYMLINK "$TMP_RULES") adapter rule(s) generated"

if [ "$DRY" -eq 1 ]; then
    cat "$TMP_RULES"
    rm -f "$TMP_RULES"
    exit 0
fi

if [ -f "$RULES" ] && cmp -s "$TMP_RULES" "$RULES"; then
    info "rules unchanged"
else
    $PRIV install -m 0644 -o root -g root "$TMP_RULES" "$RULES"
    info "installed $RULES"
    $PRIV udevadm control --reload-rules
    $PRIV udevadm trigger --subsystem-match=tty --action=add
fi
rm -f "$TMP_RULES"

# nodes that were plugged in before the rule existed keep their old owner
sleep 1
for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [ -e "$dev" ] || continue
    owner_group="$(stat -c %G "$dev")"
    if [ "$owner_group" != "$GROUP" ]; then
        $PRIV chgrp "$GROUP" "$dev" && $PRIV chmod 0660 "$dev"
        info "fixed permissions on $dev"
    fi
done

ls -l /dev/analyzer-* 2>/dev/null || info "no analyser links present yet"
