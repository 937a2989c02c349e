#!/bin/sh
# adb_bench_setup.sh - prepare a repair bench PC for Android/iOS diagnostics.
#
# Installs udev rules for the vendor USB IDs we see on the bench (Samsung,
# Xiaomi, Oppo, Google, Apple, MediaTek/Qualcomm download modes), puts the
# technician in the plugdev group and reloads udev so phones show up in
# `adb devices` without root.
#
#   ./adb_bench_setup.sh [-u user] [-f vendor_ids.txt]

set -eu

TECH_USER="${SUDO_USER:-$(id -un)}"
IDS_FILE=""
RULES_NAME="51-repair-bench.rules"

usage() {
    sed -n '2,11p' "$0"
    exit "${1:-0}"
}

while getopts "u:f:h" opt; do
    case "$opt" in
        u) TECH_USER="$OPTARG" ;;
        f) IDS_FILE="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

note() { printf '==> %s\n' "$*"; }

default_ids() {
    cat <<'EOF'
04e8 Samsung
2717 Xiaomi
22d9 Oppo
18d1 Google
05ac Apple
0e8d MediaTek
05c6 Qualcomm
2a70 OnePlus
12d1 Huawei
EOF
}

render_rules() {
    echo "# repair bench USB access, generated $(date -u +%FT%TZ)"
    if [ -n "$IDS_FILE" ]; then
        grep -v '^#' "$IDS_FILE"
    else
        default_ids
    fi | while read -r vid name; do
        [ -n "$vid" ] || continue
        printf '# %s\nSUBSYSTEM=="usb", ATTR{idVendor}=="%s", MODE="0660", GROUP="plugdev", SYMLINK+="bench_%s_%%n"\n' \
            "$name" "$vid" "$(echo "$name" | tr 'A-Z' 'a-z')"
    done
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

install_rules() {
    target_dir=/etc/udev/rules.d
    staged="./$RULES_NAME"
    render_rules > "$staged"
    note "installing $RULES_NAME into $target_dir"
    as_root install -m 0644 -o root -g root "$staged" "$target_dir/$RULES_NAME"
    rm -f "$staged"
}

ensure_group() {
    if ! getent group plugdev >/dev/null; then
        note "creating plugdev group"
        as_root groupadd --system plugdev
    fi
    if id -nG "$TECH_USER" | tr ' ' '\n' | grep -qx plugdev; then
        note "$TECH_USER already in plugdev"
    else
        note "adding $TECH_USER to plugdev (log out and back in afterwards)"
        as_root usermod -aG plugdev "$TECH_USER"
    fi
}

reload_udev() {
    note "reloading udev"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=usb
}

check_tools() {
    for t in adb fastboot idevice_id; do
        if command -v "$t" >/dev/null 2>&1; then
            note "found $t"
        else
            note "missing $t (install android-tools / libimobiledevice)"
        fi
    done
}

install_rules
ensure_group
reload_udev
check_tools
note "bench ready - replug any connected phones"
